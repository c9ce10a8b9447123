import type { ProductList } from "./lists.server.ts";

// The Gift Items and Stock Products dashboard screens: one definition, two lists.

export interface ListScreen {
  title: string;
  path: string;
  confirmRemove: string;
  /** The remove button's label: which list, beside the product's Delete. */
  removeLabel: string;
  /** Prefix of a refused removal's message. */
  removeFailed: string;
}

export const LIST_SCREENS: Record<ProductList, ListScreen> = {
  gift_entries: {
    title: "Gift Items",
    path: "/dashboard/trending",
    confirmRemove: "Are you sure you want to remove this product from Gift items?",
    removeLabel: "Remove from Gift Items",
    removeFailed: "Failed to remove product from trending",
  },
  stock_entries: {
    title: "Stock Products",
    path: "/dashboard/stock-products",
    confirmRemove: "Are you sure you want to remove this product from stock?",
    removeLabel: "Remove from Stock Products",
    removeFailed: "Failed to remove product from available collection",
  },
};

import type { ProductList } from "./lists.server.ts";

// The Gift Items and Stock Products dashboard screens: one definition, two lists.

export interface ListScreen {
  title: string;
  path: string;
  confirmRemove: string;
  /** Prefix of a refused removal's message. */
  removeFailed: string;
}

export const LIST_SCREENS: Record<ProductList, ListScreen> = {
  gift_entries: {
    title: "Gift Items",
    path: "/dashboard/trending",
    confirmRemove: "Are you sure you want to remove this product from Gift items?",
    removeFailed: "Failed to remove product from trending",
  },
  stock_entries: {
    title: "Stock Products",
    path: "/dashboard/stock-products",
    confirmRemove: "Are you sure you want to remove this product from stock?",
    removeFailed: "Failed to remove product from available collection",
  },
};

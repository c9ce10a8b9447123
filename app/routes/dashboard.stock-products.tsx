import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ListGrid, listScreenMeta } from "#app/components/admin/list-grid.tsx";
import { listScreenAction, listScreenLoader } from "#app/modules/catalog/list-screen.server.ts";

export const loader = ({ request }: LoaderFunctionArgs) => listScreenLoader(request, "stock_entries");
export const action = ({ request }: ActionFunctionArgs) => listScreenAction(request, "stock_entries");

export default function StockProducts() {
  return <ListGrid list="stock_entries" />;
}

export const meta = listScreenMeta("stock_entries");

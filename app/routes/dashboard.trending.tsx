import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ListGrid, listScreenMeta } from "#app/components/admin/list-grid.tsx";
import { listScreenAction, listScreenLoader } from "#app/modules/catalog/list-screen.server.ts";

export const loader = ({ request }: LoaderFunctionArgs) => listScreenLoader(request, "gift_entries");
export const action = ({ request }: ActionFunctionArgs) => listScreenAction(request, "gift_entries");

export default function GiftItems() {
  return <ListGrid list="gift_entries" />;
}

export const meta = listScreenMeta("gift_entries");

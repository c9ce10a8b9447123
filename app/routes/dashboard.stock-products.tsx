import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ListGrid } from "#app/components/admin/list-grid.tsx";
import { listAction, listLoader } from "#app/components/admin/list-route.server.ts";

export const REMOVE_STOCK_CONFIRM = "Are you sure you want to remove this product from stock?";

export async function loader({ request }: LoaderFunctionArgs) {
  return listLoader(request, "stock_entries");
}

export async function action({ request }: ActionFunctionArgs) {
  return listAction(request, "stock_entries", "Failed to remove product from available collection");
}

export default function StockProducts() {
  const { entries, status } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ListGrid
      title="Stock Products"
      entries={entries}
      confirmText={REMOVE_STOCK_CONFIRM}
      removeLabel="Remove from Stock Products"
      status={actionData ? null : status}
      error={actionData?.error}
      confirmEntryId={actionData?.confirm ?? null}
      selfPath="/dashboard/stock-products"
    />
  );
}

export const meta: MetaFunction = () => [{ title: "Stock Products · Dashboard" }];

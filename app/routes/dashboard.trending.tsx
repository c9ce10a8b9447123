import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ListGrid } from "#app/components/admin/list-grid.tsx";
import { listAction, listLoader } from "#app/components/admin/list-route.server.ts";

export const REMOVE_GIFT_CONFIRM = "Are you sure you want to remove this product from Gift items?";

export async function loader({ request }: LoaderFunctionArgs) {
  return listLoader(request, "gift_entries");
}

export async function action({ request }: ActionFunctionArgs) {
  return listAction(request, "gift_entries", "Failed to remove product from trending");
}

export default function GiftItems() {
  const { entries, status } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ListGrid
      title="Gift Items"
      entries={entries}
      confirmText={REMOVE_GIFT_CONFIRM}
      removeLabel="Remove from Gift Items"
      status={actionData ? null : status}
      error={actionData?.error}
      confirmEntryId={actionData?.confirm ?? null}
      selfPath="/dashboard/trending"
    />
  );
}

export const meta: MetaFunction = () => [{ title: "Gift Items · Dashboard" }];

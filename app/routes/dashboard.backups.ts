import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "#app/modules/auth/auth.server.ts";
import { requestBackup } from "#app/modules/backup/status.server.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/dashboard#backups");
}

/** "Back up now": the worker makes it; the overview shows it running, then how it ended. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const outcome = await requestBackup();
  return redirect(`/dashboard?backup=${outcome}#backups`, 303);
}

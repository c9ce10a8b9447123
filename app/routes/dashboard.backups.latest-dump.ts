import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "#app/modules/auth/auth.server.ts";
import { BACKUP_TEXTS } from "#app/modules/backup/messages.ts";
import { latestDump } from "#app/modules/backup/status.server.ts";

/** The newest complete backup's database dump, streamed to the owner alone. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const dump = await latestDump();
  // Not a redirect: the card's link has `download`, and a browser would save the page it leads to as the dump.
  if (!dump) return new Response(BACKUP_TEXTS.noDump, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
  return new Response(createReadableStreamFromReadable(dump.body), {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Disposition": `attachment; filename="${dump.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

import { createReadableStreamFromReadable, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "#app/modules/auth/auth.server.ts";
import { latestDump } from "#app/modules/backup/status.server.ts";

/** The newest complete backup's database dump, streamed to the owner alone. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const dump = await latestDump();
  if (!dump) return redirect("/dashboard?backup=no-dump#backups");
  return new Response(createReadableStreamFromReadable(dump.body), {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Disposition": `attachment; filename="${dump.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

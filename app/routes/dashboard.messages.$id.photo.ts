import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "#app/modules/auth/auth.server.ts";
import { openCommissionPhoto } from "#app/modules/contact/commissions.server.ts";

// A commission's reference photo, to the signed-in admin only (it lives in the private
// originals area, never under /media).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = Number(params.id);
  const photo = Number.isSafeInteger(id) && id > 0 ? await openCommissionPhoto(id) : null;
  if (!photo) return new Response("No such photo", { status: 404, headers: { "Cache-Control": "private, no-store" } });
  return new Response(Readable.toWeb(photo.body) as ReadableStream, {
    headers: {
      "Content-Type": photo.type,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
    },
  });
}

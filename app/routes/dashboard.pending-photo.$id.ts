import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "#app/lib/http-error.server.ts";
import { requireAdmin } from "#app/modules/auth/auth.server.ts";
import { pendingThumbnail } from "#app/modules/media/pending.server.ts";

/** A kept photo's thumbnail for the refused form it was kept for: signed-in, signed reference, never cached. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const id = Number(params.id);
  const form = url.searchParams.get("form") ?? "";
  const jpeg = Number.isSafeInteger(id) && form ? await pendingThumbnail(url.searchParams.get("ref"), form, id) : null;
  if (!jpeg) throw notFound();
  return new Response(new Uint8Array(jpeg), { headers: { "Content-Type": "image/jpeg", "Cache-Control": "private, no-store" } });
}

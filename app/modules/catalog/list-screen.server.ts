import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { refused } from "#app/lib/http-error.server.ts";
import { requireAdmin } from "#app/modules/auth/auth.server.ts";
import { listEntriesForAdmin } from "./admin-products.server.ts";
import { LIST_SCREENS } from "./list-screens.ts";
import { LIST_MESSAGES, removeFromList, type ProductList } from "./lists.server.ts";

const entryId = z.coerce.number().int().positive();
export const listIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("confirm-remove"), entryId }),
  z.object({ intent: z.literal("remove"), entryId }),
]);

/** Loader of the Gift Items / Stock Products screens (LIST_SCREENS). */
export async function listScreenLoader(request: Request, list: ProductList) {
  await requireAdmin(request);
  const status = new URL(request.url).searchParams.get("status") === "removed" ? LIST_MESSAGES[list].removed : null;
  return { entries: await listEntriesForAdmin(list), status };
}

/** Action of those screens: remove one entry (after the confirmation step without JS). */
export async function listScreenAction(request: Request, list: ProductList) {
  await requireAdmin(request);
  const failure = LIST_SCREENS[list].removeFailed;
  const parsed = listIntentSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: failure, confirm: null }, { status: 400 });
  if (parsed.data.intent === "confirm-remove") return data({ error: null, confirm: parsed.data.entryId });
  try {
    await removeFromList(list, parsed.data.entryId);
  } catch (error) {
    return refused(error, (message) => ({ error: `${failure}: ${message}`, confirm: null }));
  }
  return redirect(`${new URL(request.url).pathname}?status=removed`);
}

import { sql } from "kysely";
import { getDb, type DB } from "#db/index.ts";
import { MANAGE_MESSAGES, ManageError } from "./manage-messages.server.ts";
import { resolveState, STATE_MESSAGES, STATE_NAMES, type StateChange } from "./states.ts";

// Setting a piece's state (the edit page, All Products' buttons, the API). The public version
// moves on with every admin write (server/remix-handler.ts), so pages and feeds follow at once.

/** Applies a state change inside the caller's transaction; ManageError 400 (the rule) or 404. Nothing sent, nothing done (false). */
export async function applyStateChange(trx: DB, id: number, change: StateChange): Promise<boolean> {
  if (change.state === undefined && change.shipsInDays === undefined) return false;
  const row = await trx.selectFrom("products").select(["state", "ships_in_days"]).where("id", "=", id).forUpdate().executeTakeFirst();
  if (!row) throw new ManageError(MANAGE_MESSAGES.notFound, 404);
  // A button shown for one state, pressed after another tab or device changed it: a sale is never undone unseen.
  if (change.from !== undefined && change.from !== row.state) throw new ManageError(STATE_MESSAGES.movedOn(STATE_NAMES[row.state]), 409);
  const resolved = resolveState({ state: row.state, shipsInDays: row.ships_in_days }, change);
  if ("error" in resolved) throw new ManageError(resolved.error, 400);
  await trx.updateTable("products").set({ state: resolved.state, ships_in_days: resolved.shipsInDays }).where("id", "=", id).execute();
  return true;
}

/**
 * One state change on its own (All Products' buttons). It moves the version on, as every save
 * does: an edit page opened before a sale is refused (manage.server.ts), never saved over it.
 */
export async function setProductState(id: number, change: StateChange): Promise<void> {
  await getDb()
    .transaction()
    .execute(async (trx) => {
      if (await applyStateChange(trx, id, change)) await trx.updateTable("products").set({ version: sql<number>`version + 1` }).where("id", "=", id).execute();
    });
}

import { getDb, type DB } from "#db/index.ts";
import { MANAGE_MESSAGES, ManageError } from "./manage-messages.server.ts";
import { resolveState, type StateChange } from "./states.ts";

// Setting a piece's state (the edit page, All Products' buttons, the API). The public version
// moves on with every admin write (server/remix-handler.ts), so pages and feeds follow at once.

/** Applies a state change inside the caller's transaction; ManageError 400 (the rule) or 404. Nothing sent, nothing done. */
export async function applyStateChange(trx: DB, id: number, change: StateChange): Promise<void> {
  if (change.state === undefined && change.shipsInDays === undefined) return;
  const row = await trx.selectFrom("products").select(["state", "ships_in_days"]).where("id", "=", id).forUpdate().executeTakeFirst();
  if (!row) throw new ManageError(MANAGE_MESSAGES.notFound, 404);
  const resolved = resolveState({ state: row.state, shipsInDays: row.ships_in_days }, change);
  if ("error" in resolved) throw new ManageError(resolved.error, 400);
  await trx.updateTable("products").set({ state: resolved.state, ships_in_days: resolved.shipsInDays }).where("id", "=", id).execute();
}

/** One state change on its own (All Products' buttons). */
export async function setProductState(id: number, change: StateChange): Promise<void> {
  await getDb()
    .transaction()
    .execute((trx) => applyStateChange(trx, id, change));
}

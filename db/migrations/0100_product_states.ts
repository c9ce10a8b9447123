import { sql, type Kysely } from "kysely";

// Frozen: never import app code here; a migration describes the schema as it was.

// One-of-a-kind pieces: a product is available, reserved (on hold for a buyer), sold or made
// to order (then it ships in 1 to 365 days). Separate from `available` (shown/hidden): a
// hidden piece is not public in any state.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE products
      ADD COLUMN state ENUM('available','reserved','sold','made-to-order') NOT NULL DEFAULT 'available' AFTER available,
      ADD COLUMN ships_in_days SMALLINT UNSIGNED NULL AFTER state,
      ADD CONSTRAINT products_ships_in_days CHECK (
        (state = 'made-to-order' AND ships_in_days BETWEEN 1 AND 365) OR (state <> 'made-to-order' AND ships_in_days IS NULL)
      )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE products DROP CONSTRAINT products_ships_in_days, DROP COLUMN ships_in_days, DROP COLUMN state`.execute(db);
}

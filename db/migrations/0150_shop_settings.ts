import { sql, type Kysely } from "kysely";

// Frozen: never import app code here; a migration describes the schema as it was.

// The shop's public details as the owner set them on the dashboard's Shop details page: one row
// (id 1). A NULL column has not been set there, and the environment's value stands for it.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE shop_settings (
    id TINYINT UNSIGNED NOT NULL PRIMARY KEY,
    public_url VARCHAR(200) NULL,
    phone VARCHAR(30) NULL,
    whatsapp VARCHAR(20) NULL,
    email VARCHAR(200) NULL,
    address_line VARCHAR(200) NULL,
    works_address VARCHAR(400) NULL,
    showroom_address VARCHAR(400) NULL,
    map_query VARCHAR(200) NULL,
    instagram VARCHAR(300) NULL,
    facebook VARCHAR(300) NULL,
    youtube VARCHAR(300) NULL,
    x VARCHAR(300) NULL,
    updated_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    CONSTRAINT shop_settings_one_row CHECK (id = 1)
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE shop_settings`.execute(db);
}

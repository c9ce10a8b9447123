import { sql, type Kysely } from "kysely";

// Frozen: never import app code here; a migration describes the schema as it was.

const TABLE_OPTIONS = sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`;

export async function up(db: Kysely<any>): Promise<void> {
  // One row per uploaded file: its original and, once the worker is done, its derived files.
  await sql`
    CREATE TABLE media (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      kind ENUM('product_image','gallery_image','display_image','video') NOT NULL,
      status ENUM('processing','ready','failed') NOT NULL DEFAULT 'processing',
      original_path VARCHAR(255) NOT NULL,
      original_name VARCHAR(255) NOT NULL,
      original_bytes BIGINT UNSIGNED NOT NULL,
      mime_type VARCHAR(100) NOT NULL,
      variants JSON NULL,
      width INT UNSIGNED NULL,
      height INT UNSIGNED NULL,
      duration_ms INT UNSIGNED NULL,
      placeholder VARCHAR(2048) NULL,
      dominant_color CHAR(7) NULL,
      progress TINYINT UNSIGNED NOT NULL DEFAULT 0,
      error VARCHAR(500) NULL,
      attempts INT UNSIGNED NOT NULL DEFAULT 0,
      created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      updated_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
      INDEX media_status_updated (status, updated_at)
    ) ${TABLE_OPTIONS}`.execute(db);

  // Money is DECIMAL (exact), read as strings; weight in grams; dimensions in inches.
  await sql`
    CREATE TABLE products (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      name VARCHAR(200) NOT NULL,
      description TEXT NOT NULL,
      category VARCHAR(64) NOT NULL,
      price_fixed DECIMAL(12,2) NOT NULL,
      price_discount DECIMAL(12,2) NULL,
      price_effective DECIMAL(12,2) AS (COALESCE(price_discount, price_fixed)) STORED,
      color VARCHAR(100) NOT NULL DEFAULT 'Golden',
      material VARCHAR(100) NOT NULL DEFAULT 'Kansa',
      utility VARCHAR(100) NOT NULL DEFAULT 'Home Decor',
      height_in DECIMAL(8,2) NULL,
      width_in DECIMAL(8,2) NULL,
      length_in DECIMAL(8,2) NULL,
      weight_g DECIMAL(10,2) NULL,
      available TINYINT(1) NOT NULL DEFAULT 1,
      status ENUM('processing','ready','failed') NOT NULL DEFAULT 'processing',
      created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      updated_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
      CONSTRAINT products_prices_non_negative CHECK (price_fixed >= 0 AND (price_discount IS NULL OR price_discount >= 0)),
      INDEX products_public_listing (status, available, category, id),
      INDEX products_public_price (status, available, category, price_effective),
      INDEX products_category (category, id),
      FULLTEXT INDEX products_search (name, description)
    ) ${TABLE_OPTIONS}`.execute(db);

  await sql`
    CREATE TABLE product_images (
      product_id BIGINT UNSIGNED NOT NULL,
      media_id BIGINT UNSIGNED NOT NULL,
      position TINYINT UNSIGNED NOT NULL,
      PRIMARY KEY (product_id, media_id),
      UNIQUE KEY product_images_media (media_id),
      INDEX product_images_order (product_id, position),
      CONSTRAINT product_images_product FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE CASCADE,
      CONSTRAINT product_images_media FOREIGN KEY (media_id) REFERENCES media (id) ON DELETE CASCADE
    ) ${TABLE_OPTIONS}`.execute(db);

  for (const table of ["gift_entries", "stock_entries"]) {
    await sql`
      CREATE TABLE ${sql.table(table)} (
        id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
        product_id BIGINT UNSIGNED NOT NULL,
        created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        UNIQUE KEY ${sql.id(`${table}_product`)} (product_id),
        CONSTRAINT ${sql.id(`${table}_product_fk`)} FOREIGN KEY (product_id) REFERENCES products (id) ON DELETE CASCADE
      ) ${TABLE_OPTIONS}`.execute(db);
  }

  for (const table of ["gallery_images", "videos"]) {
    await sql`
      CREATE TABLE ${sql.table(table)} (
        id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
        media_id BIGINT UNSIGNED NOT NULL,
        created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
        UNIQUE KEY ${sql.id(`${table}_media`)} (media_id),
        CONSTRAINT ${sql.id(`${table}_media_fk`)} FOREIGN KEY (media_id) REFERENCES media (id) ON DELETE CASCADE
      ) ${TABLE_OPTIONS}`.execute(db);
  }

  // "Exactly one current": current_flag is 1 for the current row and NULL otherwise,
  // and a UNIQUE index allows any number of NULLs but only one 1.
  await sql`
    CREATE TABLE display_images (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      media_id BIGINT UNSIGNED NOT NULL,
      is_current TINYINT(1) NOT NULL DEFAULT 0,
      current_flag TINYINT(1) AS (IF(is_current = 1, 1, NULL)) STORED,
      created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      UNIQUE KEY display_images_media (media_id),
      UNIQUE KEY display_images_one_current (current_flag),
      CONSTRAINT display_images_media_fk FOREIGN KEY (media_id) REFERENCES media (id) ON DELETE CASCADE
    ) ${TABLE_OPTIONS}`.execute(db);

  await sql`
    CREATE TABLE admin_users (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      email VARCHAR(254) NOT NULL,
      password_hash VARCHAR(255) NOT NULL,
      created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      updated_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
      UNIQUE KEY admin_users_email (email)
    ) ${TABLE_OPTIONS}`.execute(db);

  // The cookie carries only the id; everything else stays here.
  await sql`
    CREATE TABLE sessions (
      id CHAR(43) CHARACTER SET ascii COLLATE ascii_bin NOT NULL PRIMARY KEY,
      admin_user_id BIGINT UNSIGNED NULL,
      data JSON NOT NULL,
      expires_at DATETIME(3) NOT NULL,
      created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      INDEX sessions_expires (expires_at),
      CONSTRAINT sessions_admin_user FOREIGN KEY (admin_user_id) REFERENCES admin_users (id) ON DELETE CASCADE
    ) ${TABLE_OPTIONS}`.execute(db);

  await sql`
    CREATE TABLE contact_messages (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
      name VARCHAR(200) NOT NULL,
      email VARCHAR(254) NOT NULL,
      subject VARCHAR(300) NOT NULL,
      message TEXT NOT NULL,
      ip VARCHAR(64) NULL,
      read_at DATETIME(3) NULL,
      forwarded_at DATETIME(3) NULL,
      forward_error VARCHAR(500) NULL,
      created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
      INDEX contact_messages_unread (read_at, created_at)
    ) ${TABLE_OPTIONS}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "contact_messages",
    "sessions",
    "admin_users",
    "display_images",
    "videos",
    "gallery_images",
    "stock_entries",
    "gift_entries",
    "product_images",
    "products",
    "media",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

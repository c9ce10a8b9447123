import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from "kysely";

/** DECIMAL columns: mysql2 returns exact strings; we write strings or numbers. */
type Decimal = ColumnType<string, string | number, string | number>;
type DecimalNullable = ColumnType<string | null, string | number | null, string | number | null>;
type CreatedAt = ColumnType<Date, never, never>;
type UpdatedAt = ColumnType<Date, never, Date | undefined>;
/** Ids are BIGINT: mysql2 returns numbers (safe below 2^53). */
type Id = Generated<number>;

export type MediaKind = "product_image" | "gallery_image" | "display_image" | "video";
export type MediaStatus = "processing" | "ready" | "failed";
export type ProductState = "available" | "reserved" | "sold" | "made-to-order";

/** One derived file made by the worker. `path` is relative to the public media root. */
export interface MediaVariant {
  /** e.g. "w640", "og", "poster", "preview", "web" */
  role: string;
  format: "webp" | "jpeg" | "avif" | "mp4";
  path: string;
  width: number;
  height: number;
  bytes: number;
}

export interface MediaTable {
  id: Id;
  kind: MediaKind;
  status: ColumnType<MediaStatus, MediaStatus | undefined, MediaStatus>;
  original_path: string;
  original_name: string;
  original_bytes: number;
  mime_type: string;
  variants: ColumnType<MediaVariant[] | null, string | null, string | null>;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  placeholder: string | null;
  dominant_color: string | null;
  progress: ColumnType<number, number | undefined, number>;
  error: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ProductsTable {
  id: Id;
  name: string;
  description: string;
  category: string;
  price_fixed: Decimal;
  price_discount: DecimalNullable;
  price_effective: ColumnType<string, never, never>;
  color: ColumnType<string, string | undefined, string>;
  material: ColumnType<string, string | undefined, string>;
  utility: ColumnType<string, string | undefined, string>;
  height_in: DecimalNullable;
  width_in: DecimalNullable;
  length_in: DecimalNullable;
  weight_g: DecimalNullable;
  available: ColumnType<number, number | undefined, number>;
  state: ColumnType<ProductState, ProductState | undefined, ProductState>;
  /** Only for made-to-order (1–365), else null. */
  ships_in_days: ColumnType<number | null, number | null | undefined, number | null>;
  status: ColumnType<MediaStatus, MediaStatus | undefined, MediaStatus>;
  /** Moves on with every save of the product's fields (lost-update check). */
  version: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface WaitingBuyersTable {
  id: Id;
  product_id: number;
  /** E.164, "+919830012345". */
  phone: string;
  name: string | null;
  /** The storefront language the buyer signed up in: en, bn or hi (migration 0161). */
  lang: ColumnType<"en" | "bn" | "hi", "en" | "bn" | "hi" | undefined, "en" | "bn" | "hi">;
  told_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

/** The one-time token of an Add product form and the product it made (migration 0090). */
export interface ProductFormTokensTable {
  token: string;
  product_id: number;
  created_at: CreatedAt;
}

/** The shop's details set on the dashboard (migration 0150); NULL: the environment's value. */
/** A product's name and description in one other language; NULL: not translated (English shows). */
export interface ProductTranslationsTable {
  product_id: number;
  lang: "bn" | "hi";
  name: string | null;
  description: string | null;
  /** Name and description as the storefront search reads them (migration 0161): computed by MariaDB, never written. */
  search_text: GeneratedAlways<string | null>;
}

export interface ShopSettingsTable {
  id: number;
  public_url: string | null;
  phone: string | null;
  whatsapp: string | null;
  email: string | null;
  address_line: string | null;
  works_address: string | null;
  showroom_address: string | null;
  map_query: string | null;
  instagram: string | null;
  facebook: string | null;
  youtube: string | null;
  x: string | null;
  updated_at: UpdatedAt;
}

/** Photos kept from a refused product form (migration 0151), until used or expired. */
export interface PendingUploadsTable {
  id: Id;
  batch: string;
  form_key: string;
  original_path: string;
  original_name: string;
  original_bytes: number;
  mime_type: string;
  expires_at: Date;
  created_at: CreatedAt;
}

export interface ProductImagesTable {
  product_id: number;
  media_id: number;
  position: number;
}

export interface ProductEntryTable {
  id: Id;
  product_id: number;
  created_at: CreatedAt;
}

export interface MediaEntryTable {
  id: Id;
  media_id: number;
  created_at: CreatedAt;
}

/** A gallery image or a video: the entry may carry an optional title (caption and alt text). */
export interface TitledMediaEntryTable extends MediaEntryTable {
  title: string | null;
}

export interface DisplayImagesTable extends MediaEntryTable {
  is_current: ColumnType<number, number | undefined, number>;
  current_flag: ColumnType<number | null, never, never>;
}

/** The picture of home slide `id` (1 to 3; the words are static, in modules/site/content.ts). */
export interface HomeSlidesTable {
  id: number;
  media_id: number;
  created_at: CreatedAt;
}

export interface AdminUsersTable {
  id: Id;
  email: string;
  password_hash: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SessionsTable {
  id: string;
  admin_user_id: number | null;
  data: ColumnType<Record<string, unknown>, string, string>;
  expires_at: Date;
  created_at: CreatedAt;
}

export interface ContactMessagesTable {
  id: Id;
  /** A commission request carries the columns from `size` to `photo_type` (migration 0140). */
  kind: ColumnType<"message" | "commission", "message" | "commission" | undefined, never>;
  name: string;
  email: string;
  /** Normalised by the contact module: "+<country><number>" or bare digits; null when not given. */
  phone: string | null;
  subject: string;
  message: string;
  /** The page's language when it was sent (migration 0163): the reply greets the buyer in it. */
  lang: ColumnType<"en" | "bn" | "hi", "en" | "bn" | "hi" | undefined, "en" | "bn" | "hi">;
  size: string | null;
  quantity: number | null;
  budget_rupees: number | null;
  /** "YYYY-MM-DD" as typed (a day, no time zone). */
  needed_by: string | null;
  /** The reference photo's key in the private originals area; served to the admin only. */
  photo_key: string | null;
  photo_type: string | null;
  ip: string | null;
  read_at: Date | null;
  forwarded_at: Date | null;
  forward_error: string | null;
  created_at: CreatedAt;
}

export interface DemoSeedTable {
  id: number;
  started_at: CreatedAt;
  finished_at: Date | null;
}

/** Interest figures (app/modules/interest/): one count per day, piece (0: the whole shop) and metric. */
export interface InterestDailyTable {
  /** "YYYY-MM-DD", the shop's day: compared as text; select it through DATE_FORMAT (mysql2 reads a Date). */
  day: string;
  product_id: number;
  metric: string;
  value: number;
}

export interface InterestSearchesTable {
  day: string;
  query: string;
  searches: number;
  /** The result count last seen for the query that day; null when only hits of a cached page were counted. */
  results: number | null;
}

export interface InterestBatchesTable {
  id: string;
  applied_at: CreatedAt;
}

export type BackupStatus = "running" | "succeeded" | "failed";

/** Backup runs (app/modules/backup/): one row each, written only by that module. */
export interface BackupsTable {
  id: Id;
  /** The backup's folder name in the target, e.g. "2026-11-27T0730Z". */
  name: string;
  trigger_source: "schedule" | "dashboard" | "command";
  status: ColumnType<BackupStatus, BackupStatus | undefined, BackupStatus>;
  /** What a running backup is doing, for the owner watching it. */
  phase: string | null;
  /** Where the backup goes: a folder or s3://bucket/prefix. */
  location: string;
  bytes: number | null;
  files: number | null;
  error: string | null;
  started_at: CreatedAt;
  finished_at: Date | null;
}

export interface Database {
  backups: BackupsTable;
  media: MediaTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  product_form_tokens: ProductFormTokensTable;
  shop_settings: ShopSettingsTable;
  product_translations: ProductTranslationsTable;
  pending_uploads: PendingUploadsTable;
  gift_entries: ProductEntryTable;
  stock_entries: ProductEntryTable;
  gallery_images: TitledMediaEntryTable;
  videos: TitledMediaEntryTable;
  display_images: DisplayImagesTable;
  home_slides: HomeSlidesTable;
  admin_users: AdminUsersTable;
  sessions: SessionsTable;
  contact_messages: ContactMessagesTable;
  demo_seed: DemoSeedTable;
  waiting_buyers: WaitingBuyersTable;
  interest_daily: InterestDailyTable;
  interest_searches: InterestSearchesTable;
  interest_batches: InterestBatchesTable;
}

export type MediaRow = Selectable<MediaTable>;
export type NewMedia = Insertable<MediaTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;

import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Each table is written by one module only (docs/architecture.md, "Modules and their tables"):
// the worker, the API, the scripts and the seed call that module's functions. This test reads
// every source file outside tests and fails when a file writes a table it does not own.

/** The folder that owns each table. Schema changes (db/migrations/) may touch any table. */
const OWNERS: Record<string, string> = {
  products: "app/modules/catalog/",
  product_form_tokens: "app/modules/catalog/",
  gift_entries: "app/modules/catalog/",
  stock_entries: "app/modules/catalog/",
  media: "app/modules/media/",
  product_images: "app/modules/media/",
  gallery_images: "app/modules/media/",
  videos: "app/modules/media/",
  display_images: "app/modules/media/",
  home_slides: "app/modules/media/",
  pending_uploads: "app/modules/media/",
  admin_users: "app/modules/auth/",
  sessions: "app/modules/auth/",
  contact_messages: "app/modules/contact/",
  waiting_buyers: "app/modules/waiting/",
  shop_settings: "app/modules/site/",
  product_translations: "app/modules/catalog/",
  backups: "app/modules/backup/",
  interest_daily: "app/modules/interest/",
  interest_searches: "app/modules/interest/",
  interest_batches: "app/modules/interest/",
  demo_seed: "scripts/seed/",
};

/** Writes whose table is a variable: the file and the tables the variable can name. */
const WRITES_BY_VARIABLE: Record<string, string[]> = {
  "app/modules/catalog/lists.server.ts": ["gift_entries", "stock_entries"],
  "app/modules/media/library.server.ts": ["gallery_images", "videos", "display_images"],
};

const ROOTS = ["app", "workers", "server", "scripts", "db", "bench"];
const SKIPPED = /(\.test\.tsx?|\.test-support\.ts|\.d\.ts)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !SKIPPED.test(entry.name) ? [path] : [];
  });
}

interface Write {
  file: string;
  table: string;
}

const KYSELY_WRITE = /\.(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*([^)]*?)\s*[,)]/g;
const SQL_WRITE = /\b(?:INSERT\s+(?:IGNORE\s+)?INTO|REPLACE\s+INTO|UPDATE|DELETE\s+FROM|TRUNCATE(?:\s+TABLE)?)\s+`?([a-z_]+)`?/g;

/** Every table write in one file's text: Kysely builders and SQL in sql`…` templates. */
function writesIn(file: string, text: string): Write[] {
  const writes: Write[] = [];
  for (const [, , argument] of text.matchAll(KYSELY_WRITE)) {
    const literal = /^["'`]([a-z_]+)["'`]$/.exec(argument!);
    if (literal) writes.push({ file, table: literal[1]! });
    else for (const table of WRITES_BY_VARIABLE[file] ?? [`(a variable: ${argument})`]) writes.push({ file, table });
  }
  for (const template of text.matchAll(/sql`([^`]*)`/g)) {
    for (const [, table] of template[1]!.matchAll(SQL_WRITE)) writes.push({ file, table: table! });
  }
  return writes;
}

const root = join(import.meta.dirname, "..", "..");
const writes = ROOTS.flatMap((dir) => sourceFiles(join(root, dir))).flatMap((path) => {
  const file = relative(root, path);
  return file.startsWith("db/migrations/") ? [] : writesIn(file, readFileSync(path, "utf8"));
});

describe("every table is written by its own module only", () => {
  it("finds the writes it checks (the scan works)", () => {
    expect(writes.map((w) => w.table)).toEqual(expect.arrayContaining(["products", "media", "sessions", "gift_entries"]));
  });

  it("names an owner for every table in the schema", () => {
    const schema = readFileSync(join(root, "db/schema.ts"), "utf8");
    const tables = [...schema.slice(schema.indexOf("export interface Database")).matchAll(/^\s{2}([a-z_]+): /gm)].map((m) => m[1]);
    expect(tables.filter((table) => !OWNERS[table!])).toEqual([]);
  });

  it("has no write outside the table's module", () => {
    const strays = writes.filter((w) => !OWNERS[w.table] || !w.file.startsWith(OWNERS[w.table]!));
    expect(strays.map((w) => `${w.file} writes ${w.table}`)).toEqual([]);
  });

  it("recognises a stray write when it sees one", () => {
    const text = 'await db.updateTable("media").set({ status: "ready" });\nawait sql`DELETE FROM sessions WHERE 1`.execute(db);';
    expect(writesIn("workers/example.ts", text)).toEqual([
      { file: "workers/example.ts", table: "media" },
      { file: "workers/example.ts", table: "sessions" },
    ]);
  });
});

import { sql, type Kysely } from "kysely";

// Frozen: never import app code here; a migration describes the schema as it was.

// The storefront search reads a translation through a copy made for searching only, so the
// owner's text stays exactly as typed. The copy drops zero-width non-joiners and joiners (they
// split a word in two for FULLTEXT) and writes a few letters the one way a search query is
// written after Unicode NFC: Bengali ড় ঢ় য় and Devanagari क़…य़ as letter + nukta (their
// one-character forms never survive NFC), and Bengali ো ৌ as one character (NFC joins the
// two-part forms some keyboards type). MariaDB counts none of these spellings as equal.
// MEDIUMTEXT: a full TEXT description and the name together may pass TEXT's 64 KB.
const REWRITES: ReadonlyArray<[from: string, to: string]> = [
  ["\u200C", ""],
  ["\u200D", ""],
  ["\u09DC", "\u09A1\u09BC"],
  ["\u09DD", "\u09A2\u09BC"],
  ["\u09DF", "\u09AF\u09BC"],
  ["\u0958", "\u0915\u093C"],
  ["\u0959", "\u0916\u093C"],
  ["\u095A", "\u0917\u093C"],
  ["\u095B", "\u091C\u093C"],
  ["\u095C", "\u0921\u093C"],
  ["\u095D", "\u0922\u093C"],
  ["\u095E", "\u092B\u093C"],
  ["\u095F", "\u092F\u093C"],
  ["\u09C7\u09BE", "\u09CB"],
  ["\u09C7\u09D7", "\u09CC"],
];

// Characters as CHAR(0x…, … USING utf8mb4), one number a character (CHAR keeps at most four
// bytes of each): a hex literal in a generated column's definition is stored garbled by MariaDB 10.11.
const hex = (character: string) => `0x${Buffer.from(character, "utf8").toString("hex")}`;
const text = (value: string) => (value === "" ? "''" : `CHAR(${[...value].map(hex).join(", ")} USING utf8mb4)`);
const searchText = REWRITES.reduce((expression, [from, to]) => `REPLACE(${expression}, ${text(from)}, ${text(to)})`, "CONCAT_WS(' ', name, description)");

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE product_translations
    DROP INDEX product_translations_search,
    ADD COLUMN search_text MEDIUMTEXT AS (${sql.raw(searchText)}) STORED,
    ADD FULLTEXT INDEX product_translations_search (search_text)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE product_translations
    DROP INDEX product_translations_search,
    DROP COLUMN search_text,
    ADD FULLTEXT INDEX product_translations_search (name, description)`.execute(db);
}

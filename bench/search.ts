// Row 6, search: the search page and the API search with 100 and with 10,000
// public products, page cache off, one connection, so each figure is one uncached request's
// time. The scale catalogue's names get a motif word (one product in 8 is an elephant), so a
// search's matches grow with the catalogue as a real one's would.
import type { Connection } from "mysql2/promise";
import { SCALE_DB, SECOND_PORT, log, waitForHealth } from "./app.ts";
import { rawGet } from "./http.ts";
import { load, type Load } from "./load.ts";
import { fmt, type Row, type Section } from "./report.ts";
import { SEARCH_INDEX_COLUMNS } from "../app/modules/catalog/search.server.ts";
import { planSearch } from "../app/modules/catalog/search-terms.ts";
import { closeScaleWeb, freshScaleWeb, insertProducts, templates } from "./scale.ts";

export interface SearchOptions {
  seconds: number;
  small: number;
  large: number;
}

const MOTIFS = `'Owl','Elephant','Peacock','Horse','Fish','Ganesha','Tortoise','Deer'`;
const P50_TARGET_MS = 20;

async function addProducts(db: Connection, from: number, to: number, templateCount: number): Promise<void> {
  await insertProducts(db, from, to, templateCount);
  await db.query(`UPDATE products SET name = CONCAT(ELT(1 + id % 8, ${MOTIFS}), ' ', name) WHERE id BETWEEN ? AND ?`, [from, to]);
  await db.query(`ANALYZE TABLE products`);
}

/**
 * MariaDB's own work for the words, with nothing of ours around it: the median of 21 bare
 * `COUNT(*) … MATCH … AGAINST` statements on the same connection. Its growth is the floor
 * of any search that counts or orders its matches through the FULLTEXT index.
 */
async function fulltextFloor(db: Connection, words: string): Promise<number> {
  const query = planSearch(words).fulltext;
  const sql = `SELECT COUNT(*) FROM products WHERE MATCH (${SEARCH_INDEX_COLUMNS.join(", ")}) AGAINST (? IN BOOLEAN MODE)`;
  const times: number[] = [];
  for (let i = 0; i < 21; i++) {
    const started = performance.now();
    await db.query(sql, [query]);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[10]!;
}

async function measure(base: string, urlPath: string, seconds: number): Promise<Load & { total: number }> {
  const first = await rawGet(base, urlPath);
  if (first.status !== 200) throw new Error(`${urlPath} answered ${first.status}`);
  const api = /"total":(\d+)/.exec(first.body.toString());
  await load({ url: `${base}${urlPath}`, connections: 1, seconds: 1, timeout: 60 });
  const result = await load({ url: `${base}${urlPath}`, connections: 1, seconds, timeout: 60 });
  return { ...result, total: api ? Number(api[1]) : NaN };
}

export async function runSearch(options: SearchOptions): Promise<Section> {
  const { db, web, base } = await freshScaleWeb("search", options.small);
  const paths = [
    { label: "search page, best match", path: "/search?q=hathi" },
    { label: "search page, price low to high", path: "/search?q=hathi&sort=price-asc" },
    { label: "API search", path: "/api/v1/products/search?q=hathi" },
  ];
  const results = new Map<string, { small: Load & { total: number }; large: Load & { total: number } }>();
  const floor = { small: NaN, large: NaN };
  try {
    const templateCount = await templates(db);
    await addProducts(db, 1, options.small, templateCount);
    await waitForHealth(SECOND_PORT, web);
    const small = new Map<string, Load & { total: number }>();
    for (const p of paths) {
      log(`search: ${p.path} at ${options.small}`);
      small.set(p.path, await measure(base, p.path, options.seconds));
    }
    floor.small = await fulltextFloor(db, "hathi");
    log(`search: growing to ${options.large} products`);
    await addProducts(db, options.small + 1, options.large, templateCount);
    for (const p of paths) {
      log(`search: ${p.path} at ${options.large}`);
      results.set(p.path, { small: small.get(p.path)!, large: await measure(base, p.path, options.seconds) });
    }
    floor.large = await fulltextFloor(db, "hathi");
  } finally {
    await closeScaleWeb(db, web);
  }

  const rows: Row[] = [];
  const matches = results.get(paths[2]!.path)!;
  for (const p of paths) {
    const { small, large } = results.get(p.path)!;
    const ratio = large.mean / small.mean;
    const errors = small.errors + large.errors;
    rows.push({
      name: `${p.label} \`${p.path}\`: mean latency ${options.large} / ${options.small}`,
      ours: `${fmt.ms(large.mean)} (p50 ${fmt.ms(large.p50)}, p99 ${fmt.ms(large.p99)})`,
      baseline: `${fmt.ms(small.mean)} (p50 ${fmt.ms(small.p50)}, p99 ${fmt.ms(small.p99)})`,
      ratio: fmt.ratio(ratio),
      target: "≤ 1.20, 0 errors",
      pass: Number.isFinite(ratio) && ratio <= 1.2 && errors === 0,
      note:
        ratio <= 1.2
          ? undefined
          : `the words match one product in 8 (${matches.small.total} vs ${matches.large.total}): the count and the ordering read every match. MariaDB's bare FULLTEXT count of them alone went from ${fmt.ms(floor.small)} to ${fmt.ms(floor.large)}; 1.2 × allows ${fmt.ms(0.2 * small.mean)} of growth here.`,
    });
    rows.push({
      name: `${p.label}: uncached p50 at ${options.large}`,
      ours: fmt.ms(large.p50),
      baseline: "—",
      ratio: fmt.ms(large.p50),
      target: `< ${P50_TARGET_MS} ms`,
      pass: large.p50 < P50_TARGET_MS && errors === 0,
    });
  }
  return {
    title: "6. Search: 100 vs 10,000 products",
    method: `${SCALE_DB} filled as in row 4, each name starting with one of 8 motif words (one product in 8 is an 'Elephant'). 'hathi' is the transliteration of elephant, so each search goes through the synonym table: ${matches.small.total} matches at ${options.small}, ${matches.large.total} at ${options.large}. MariaDB's own share is timed beside it: the median of 21 bare \`SELECT COUNT(*) … WHERE MATCH … AGAINST\` of the same boolean query on the same database (${fmt.ms(floor.small)} at ${options.small}, ${fmt.ms(floor.large)} at ${options.large}). The web process runs with PAGE_CACHE=off; autocannon with one connection (requests one after another, so a latency is one uncached request), 1 s warm-up then ${options.seconds} s per URL at each size.`,
    rows,
  };
}

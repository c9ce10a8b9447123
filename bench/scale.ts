// Row 4, scale: the same pages with 100 and with 10,000 public products, page cache off
// (PAGE_CACHE=off) so the database work is what is measured, and the SQL statements each
// request sends, counted by bench/sql-counter.ts.
import { createConnection, type Connection } from "mysql2/promise";
import { ADMIN, BUILT, type AppProcess, DB_ROOT, MAIN_DB, SCALE_DB, SECOND_PORT, adminCookie, benchEnv, clearQueue, exec, log, sleep, startNode, waitForHealth } from "./app.ts";
import { feedRows, timeFeed, type FeedTiming } from "./feeds.ts";
import { rawGet } from "./http.ts";
import { load } from "./load.ts";
import { fmt, type Row, type Section } from "./report.ts";
import { startSqlCounter, type SqlCounter } from "./sql-counter.ts";

export interface ScaleOptions {
  seconds: number;
  connections: number;
  small: number;
  large: number;
}

const CATEGORY_LIST = `'wall-hanging','special-items','home-decor-and-tabletop','pen-and-napkin-holder','candle-stand-and-pooja-related','my-creativity'`;
/** Product 48 is a wall hanging (48 % 6 = 0) present in both catalogues. */
const PRODUCT_ID = 48;
const IMAGES_PER_PRODUCT = 2;
/** The admin's product manager, first page, every category (p50 under 50 ms at 10,000 products). */
const ADMIN_PRODUCTS = "/dashboard/all-products";

export async function templates(db: Connection): Promise<number> {
  await db.query(`DROP TABLE IF EXISTS bench_template`);
  await db.query(
    `CREATE TABLE bench_template AS
       SELECT ROW_NUMBER() OVER (ORDER BY id) - 1 AS idx, original_path, original_name, original_bytes, mime_type,
              variants, width, height, placeholder, dominant_color
         FROM \`${MAIN_DB}\`.media WHERE kind = 'product_image' AND status = 'ready' ORDER BY id LIMIT 8`,
  );
  const [rows] = (await db.query(`SELECT COUNT(*) AS n FROM bench_template`)) as unknown as [Array<{ n: number }>];
  const n = Number(rows[0]!.n);
  if (!n) throw new Error(`no ready product images in ${MAIN_DB} to point the scale catalogue at`);
  return n;
}

/** Products from..to (ids = seq), public (ready + available), spread over the six categories, two ready images each. */
export async function insertProducts(db: Connection, from: number, to: number, templateCount: number): Promise<void> {
  const seq = `seq_${from}_to_${to}`;
  await db.query(
    `INSERT INTO products (id, name, description, category, price_fixed, price_discount, height_in, width_in, length_in, weight_g, available, status)
     SELECT seq, CONCAT('Bench Dokra piece ', seq),
            CONCAT('A handmade lost-wax brass piece from Dariyapur, number ', seq, '. Cast by hand; every piece differs a little.'),
            ELT(1 + seq % 6, ${CATEGORY_LIST}),
            1000 + seq % 5000, IF(seq % 3 = 0, 900 + seq % 5000, NULL), 6, 4, 3, 850, 1, 'ready'
       FROM ${seq}`,
  );
  for (let k = 0; k < IMAGES_PER_PRODUCT; k++) {
    await db.query(
      `INSERT INTO media (id, kind, status, original_path, original_name, original_bytes, mime_type, variants, width, height,
                          placeholder, dominant_color, progress)
       SELECT (s.seq - 1) * ${IMAGES_PER_PRODUCT} + ${k + 1}, 'product_image', 'ready', t.original_path, t.original_name, t.original_bytes,
              t.mime_type, t.variants, t.width, t.height, t.placeholder, t.dominant_color, 100
         FROM ${seq} s JOIN bench_template t ON t.idx = (s.seq + ${k}) % ${templateCount}`,
    );
    await db.query(
      `INSERT INTO product_images (product_id, media_id, position)
       SELECT seq, (seq - 1) * ${IMAGES_PER_PRODUCT} + ${k + 1}, ${k} FROM ${seq}`,
    );
  }
  await db.query(`ANALYZE TABLE products, media, product_images`);
}

/** A fresh scale database and one web process on it (page cache off), for the rows that fill it in bulk. */
export async function freshScaleWeb(row: string, small: number): Promise<{ db: Connection; web: AppProcess; base: string }> {
  const env = benchEnv({ port: SECOND_PORT, database: SCALE_DB });
  log(`${row}: fresh ${SCALE_DB} with ${small} products`);
  await exec(process.execPath, [BUILT["reset-db"]], env, "setup");
  const db = await createConnection({ uri: `${DB_ROOT}/${SCALE_DB}` });
  const web = await startNode(`web-${row}`, BUILT.web, { ...env, QUEUE_PREFIX: SCALE_DB, PAGE_CACHE: "off" });
  return { db, web, base: `http://127.0.0.1:${SECOND_PORT}` };
}

export async function closeScaleWeb(db: Connection, web: AppProcess): Promise<void> {
  await web.stop();
  await db.query(`DROP TABLE IF EXISTS bench_template`).catch(() => undefined);
  await db.end();
  await clearQueue(SCALE_DB);
}

interface Measured {
  p50: number;
  mean: number;
  rps: number;
  errors: number;
  statements: string[];
}

async function measure(counter: SqlCounter, base: string, urlPath: string, options: ScaleOptions, headers: Record<string, string> = {}): Promise<Measured> {
  const url = `${base}${urlPath}`;
  const first = await rawGet(base, urlPath, headers);
  if (first.status !== 200) throw new Error(`${urlPath} answered ${first.status}`);
  await load({ url, connections: options.connections, seconds: 1, timeout: 60, headers });
  const result = await load({ url, connections: options.connections, seconds: options.seconds, timeout: 60, headers });
  // Statements of one request on an idle server: the fewest of three tries (nothing else is running then).
  let statements: string[] | null = null;
  for (let i = 0; i < 3; i++) {
    await sleep(200);
    counter.reset();
    await rawGet(base, urlPath, headers);
    await sleep(200);
    if (!statements || counter.statements.length < statements.length) statements = counter.statements;
  }
  return { p50: result.p50, mean: result.mean, rps: result.rps, errors: result.errors, statements: statements ?? [] };
}

async function explain(db: Connection, statements: string[]): Promise<string[]> {
  const lines: string[] = [];
  // One statement per shape (numbers aside): the last one, e.g. the deepest page of a paged read.
  const byShape = new Map<string, string>();
  for (const s of statements) if (/^\s*(select|with)\b/i.test(s)) byShape.set(s.replace(/\b\d+\b/g, "N"), s);
  const distinct = [...byShape.values()];
  const timed: Array<{ sql: string; ms: number }> = [];
  for (const statement of distinct) {
    const start = performance.now();
    for (let i = 0; i < 3; i++) await db.query(statement);
    timed.push({ sql: statement, ms: (performance.now() - start) / 3 });
  }
  timed.sort((a, b) => b.ms - a.ms);
  for (const { sql, ms } of timed.slice(0, 3)) {
    const [plan] = (await db.query(`EXPLAIN ${sql}`)) as unknown as [Array<Record<string, unknown>>];
    const summary = plan
      .map((p) => `${p.table}: type=${p.type}, key=${p.key ?? "none"}, rows=${p.rows}${p.Extra ? `, ${p.Extra}` : ""}`)
      .join("; ");
    lines.push(`- ${fmt.ms(ms)} at ${SCALE_DB}: \`${sql.replaceAll("`", "").replace(/\s+/g, " ").slice(0, 300)}\` — EXPLAIN: ${summary}`);
  }
  return lines;
}

export async function runScale(options: ScaleOptions): Promise<Section> {
  const env = benchEnv({ port: SECOND_PORT, database: SCALE_DB });
  log(`scale: fresh ${SCALE_DB} with ${options.small} products`);
  await exec(process.execPath, [BUILT["reset-db"]], env, "setup");
  await exec(process.execPath, [BUILT.admin, "create", ADMIN.email], env, "setup");
  const db = await createConnection({ uri: `${DB_ROOT}/${SCALE_DB}` });
  const counter = await startSqlCounter();
  const web = await startNode("web-scale", BUILT.web, {
    ...env,
    DATABASE_URL: `mysql://root@127.0.0.1:${counter.port}/${SCALE_DB}`,
    QUEUE_PREFIX: SCALE_DB,
    PAGE_CACHE: "off",
  });
  // The feed's megabytes of rows would pass through the counting proxy, which runs in this
  // process beside autocannon: it is fetched from a web process that reaches MariaDB directly.
  const direct = await startNode("web-scale-direct", BUILT.web, {
    ...benchEnv({ port: SECOND_PORT + 1, database: SCALE_DB }),
    QUEUE_PREFIX: SCALE_DB,
    PAGE_CACHE: "off",
  });
  const base = `http://127.0.0.1:${SECOND_PORT}`;
  const directBase = `http://127.0.0.1:${SECOND_PORT + 1}`;
  const paths = [
    { label: "listing", path: "/product/wall-hanging" },
    { label: "product page", path: `/product/wall-hanging/${PRODUCT_ID}` },
    { label: "API product read", path: `/api/v1/products/getAvailableProductByName/${encodeURIComponent(`Bench Dokra piece ${PRODUCT_ID}`)}` },
    { label: "API category list", path: "/api/v1/products/getAvailableProductsByCategory/wall-hanging" },
  ];
  const results = new Map<string, { small: Measured; large: Measured }>();
  let admin: Measured | undefined;
  const explained: string[] = [];
  const feed: Partial<Record<"small" | "large" | "largeGzip", FeedTiming>> = {};
  try {
    const templateCount = await templates(db);
    await insertProducts(db, 1, options.small, templateCount);
    await waitForHealth(SECOND_PORT, web);
    await waitForHealth(SECOND_PORT + 1, direct);
    const small = new Map<string, Measured>();
    for (const p of paths) {
      log(`scale: ${p.path} at ${options.small}`);
      small.set(p.path, await measure(counter, base, p.path, options));
    }
    feed.small = await timeFeed(directBase, false);
    log(`scale: growing to ${options.large} products`);
    const insertStart = performance.now();
    await insertProducts(db, options.small + 1, options.large, templateCount);
    log(`scale: inserted in ${((performance.now() - insertStart) / 1000).toFixed(1)} s`);
    for (const p of paths) {
      log(`scale: ${p.path} at ${options.large}`);
      results.set(p.path, { small: small.get(p.path)!, large: await measure(counter, base, p.path, options) });
    }
    log(`scale: ${ADMIN_PRODUCTS} at ${options.large}, signed in`);
    // One admin: one connection, requests back to back.
    admin = await measure(counter, base, ADMIN_PRODUCTS, { ...options, connections: 1 }, { cookie: await adminCookie(base) });
    log(`scale: the catalogue feed at ${options.large}`);
    feed.large = await timeFeed(directBase, false);
    feed.largeGzip = await timeFeed(directBase, true);
    for (const p of paths) {
      const r = results.get(p.path)!;
      if (r.large.mean / r.small.mean > 1.2 || r.large.statements.length !== r.small.statements.length) {
        explained.push(`Slowest statements of \`${p.path}\` at ${options.large} products:`, ...(await explain(db, r.large.statements)));
      }
    }
  } finally {
    await web.stop();
    await direct.stop();
    await counter.close();
    await db.query(`DROP TABLE IF EXISTS bench_template`).catch(() => undefined);
    await db.end();
    await clearQueue(SCALE_DB);
  }

  const rows: Row[] = [];
  for (const p of paths) {
    const { small, large } = results.get(p.path)!;
    const ratio = large.mean / small.mean;
    const answered = Number.isFinite(ratio);
    rows.push({
      name: `${p.label} \`${p.path}\`: mean latency ${options.large} / ${options.small}`,
      ours: `${fmt.ms(large.mean)} (p50 ${fmt.ms(large.p50)}, ${fmt.n(large.rps)} req/s)`,
      baseline: `${fmt.ms(small.mean)} (p50 ${fmt.ms(small.p50)}, ${fmt.n(small.rps)} req/s)`,
      ratio: fmt.ratio(ratio),
      target: "≤ 1.20, 0 errors",
      pass: answered && ratio <= 1.2 && small.errors + large.errors === 0,
      note:
        !answered
          ? `no request completed within the ${options.seconds} s run at one of the sizes.`
          : ratio <= 1.2
          ? undefined
          : p.label === "API category list"
            ? `the call returns every public product of the category (its contract: no paging), ${Math.round(options.small / 6)} vs ${Math.round(options.large / 6)} products, so its answer and its work grow with the catalogue by design (statements stay constant: one query for the products, one for their images). What would lift it: an optional page/limit parameter, for callers that want a bounded answer (the call in docs/product-rules.md, API, has none, so its default must stay "everything").`
            : "see the slowest statements below.",
    });
    const same = small.statements.length === large.statements.length;
    rows.push({
      name: `${p.label}: SQL statements per request`,
      ours: `${large.statements.length} at ${options.large}`,
      baseline: `${small.statements.length} at ${options.small}`,
      ratio: same ? "same" : `${large.statements.length - small.statements.length > 0 ? "+" : ""}${large.statements.length - small.statements.length}`,
      target: "same count",
      pass: same,
      note: same
        ? undefined
        : "the statements grow with the catalogue: a read per page or per product (see the list below).",
    });
  }
  if (admin) {
    const pass = admin.p50 < 50 && admin.errors === 0;
    rows.push({
      name: `admin All Products \`${ADMIN_PRODUCTS}\` at ${options.large} products (signed in, never cached; one connection, as the one admin): p50`,
      ours: `p50 ${fmt.ms(admin.p50)}, mean ${fmt.ms(admin.mean)}, ${fmt.n(admin.rps)} req/s, ${admin.errors} errors; ${admin.statements.length} SQL statements`,
      baseline: "—",
      ratio: fmt.ms(admin.p50),
      target: "p50 < 50 ms, 0 errors",
      pass,
      note: pass
        ? undefined
        : `the statements are few and fast at this size (see below); the time is the render of 24 product cards with their edit, delete and list forms (React Router's \`<Form>\`/\`<Link>\` resolve their paths one by one) and their data inlined for hydration, and what the other work on this machine takes from it.`,
    });
  }
  rows.push(...feedRows(options.large, options.small, feed as Required<typeof feed>));
  const statementLines = paths.map((p) => {
    const counts = new Map<string, number>();
    for (const statement of results.get(p.path)!.large.statements) {
      const key = statement.replaceAll("`", "").replace(/\s+/g, " ").replace(/\b\d+\b/g, "N").slice(0, 140);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const list = [...counts].map(([s, n]) => `${n > 1 ? `${n} × ` : ""}\`${s}…\``);
    return `- \`${p.path}\` (${results.get(p.path)!.large.statements.length}): ${list.join("; ")}`;
  });
  return {
    title: "4. Scale: 100 vs 10,000 products",
    method: `A separate database (${SCALE_DB}) filled with SQL in bulk (INSERT … SELECT from MariaDB's sequence engine): public products (ready, available) over the six categories, two ready images each whose variants point at the main bench catalogue's files. The web process runs with PAGE_CACHE=off; autocannon ${options.connections} connections, 1 s warm-up then ${options.seconds} s per page at each size; ratio of mean latencies. Statements per request: the web process reaches MariaDB through a counting proxy (bench/sql-counter.ts) that reads the protocol's command packets; one request on the idle server, fewest of three tries. The admin All Products page (\`${ADMIN_PRODUCTS}\`) is measured at the large size only, signed in (the bench admin's session cookie on every request), with one connection (there is one admin); admin pages are never cached. The catalogue feed (${"`/feeds/meta.xml`"}, bench/feeds.ts) is fetched whole at both sizes from a second web process on the same database that reaches MariaDB directly (its megabytes of rows through the counting proxy would time the proxy), one warm-up then the median of five GETs one after another, plain and with Accept-Encoding: gzip; its target is absolute (under a second at the large size), the small size is shown beside it.`,
    rows,
    details: ["Statements per request at the large size:", "", ...statementLines, ...(explained.length ? ["", ...explained] : [])],
  };
}

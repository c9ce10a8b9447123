// Row 10, feeds: both catalogue feeds whole at 100 and at 10,000 public products, a share of
// them sold, reserved or made to order (the feeds keep sold pieces, so they grow with every
// sale). Target: each feed under a second at 10,000.
import { SCALE_DB, SECOND_PORT, log, waitForHealth } from "./app.ts";
import { feedRows, timeFeed, type FeedTiming } from "./feeds.ts";
import { fmt, type Row, type Section } from "./report.ts";
import { closeScaleWeb, freshScaleWeb, insertProducts, templates } from "./scale.ts";

export interface FeedsOptions {
  small: number;
  large: number;
}

const FEEDS = [
  { path: "/feeds/google.xml", sold: "<g:availability>out_of_stock</g:availability>" },
  { path: "/feeds/meta.xml", sold: "<g:availability>out of stock</g:availability>" },
] as const;

/** One in ten sold, one in ten made to order (14 days), one in ten reserved. */
const STATES = `UPDATE products SET
  state = CASE id % 10 WHEN 0 THEN 'sold' WHEN 5 THEN 'made-to-order' WHEN 7 THEN 'reserved' ELSE 'available' END,
  ships_in_days = IF(id % 10 = 5, 14, NULL)`;

type Timings = { small: FeedTiming; large: FeedTiming; largeGzip: FeedTiming };

export async function runFeeds(options: FeedsOptions): Promise<Section> {
  const { db, web, base } = await freshScaleWeb("feeds", options.small);
  const timings = new Map<string, Partial<Timings>>(FEEDS.map((f) => [f.path, {}]));
  const soldSeen = new Map<string, number>();
  let soldInDb = 0;
  try {
    const templateCount = await templates(db);
    await insertProducts(db, 1, options.small, templateCount);
    await db.query(STATES);
    await waitForHealth(SECOND_PORT, web);
    for (const feed of FEEDS) timings.get(feed.path)!.small = await timeFeed(base, false, feed.path);
    log(`feeds: growing to ${options.large} products`);
    await insertProducts(db, options.small + 1, options.large, templateCount);
    await db.query(STATES);
    const [rows] = (await db.query(`SELECT COUNT(*) AS n FROM products WHERE state IN ('sold', 'reserved')`)) as unknown as [Array<{ n: number }>];
    soldInDb = Number(rows[0]!.n);
    for (const feed of FEEDS) {
      log(`feeds: ${feed.path} at ${options.large}`);
      const large = await timeFeed(base, false, feed.path);
      soldSeen.set(feed.path, large.body.split(feed.sold).length - 1);
      timings.set(feed.path, { ...timings.get(feed.path), large, largeGzip: await timeFeed(base, true, feed.path) });
    }
  } finally {
    await closeScaleWeb(db, web);
  }
  const rows: Row[] = [];
  for (const feed of FEEDS) {
    rows.push(...feedRows(options.large, options.small, timings.get(feed.path) as Timings, feed.path));
    const seen = soldSeen.get(feed.path) ?? 0;
    rows.push({
      name: `\`${feed.path}\`: sold and reserved pieces kept, as out of stock, at ${options.large}`,
      ours: `${fmt.n(seen)} items`,
      baseline: `${fmt.n(soldInDb)} sold or reserved in the database`,
      ratio: seen === soldInDb ? "same" : `${seen - soldInDb}`,
      target: "every one",
      pass: seen === soldInDb && soldInDb > 0,
    });
  }
  return {
    title: "10. Catalogue feeds at 10,000 products",
    method: `A separate database (${SCALE_DB}) filled with SQL in bulk as in the scale row (public products over the six categories, two ready images each), then one piece in ten marked sold, one in ten made to order (14 days) and one in ten reserved. One web process (PAGE_CACHE=off) reaching MariaDB directly. Each feed is fetched whole (bench/feeds.ts) at ${options.small} and at ${options.large} products: one warm-up, then the median of five GETs one after another, plain and with Accept-Encoding: gzip. The target is absolute: under a second at ${options.large}, every product in the feed, every sold or reserved piece kept as out of stock (docs/decisions/107-piece-states.md).`,
    rows,
  };
}

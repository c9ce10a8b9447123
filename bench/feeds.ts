// The catalogue feed at both sizes of the scale row: the whole document, as Meta's or Google's
// fetcher reads it (a full GET, no validators), plain and gzip-compressed. Target:
// 10,000 products in under a second.
import { rawGet } from "./http.ts";
import { fmt, type Row } from "./report.ts";

export const FEED_PATH = "/feeds/meta.xml";
const RUNS = 5;

export interface FeedTiming {
  /** Median time to the last byte, ms. */
  median: number;
  bytes: number;
  items: number;
}

async function timeOnce(base: string, headers: Record<string, string>) {
  const start = performance.now();
  const fetched = await rawGet(base, FEED_PATH, headers);
  const ms = performance.now() - start;
  if (fetched.status !== 200) throw new Error(`${FEED_PATH} answered ${fetched.status}`);
  return { ms, body: fetched.body };
}

/** One warm-up, then the median of RUNS full fetches, one after another. */
export async function timeFeed(base: string, gzip: boolean): Promise<FeedTiming> {
  const headers: Record<string, string> = gzip ? { "Accept-Encoding": "gzip" } : {};
  const warm = await timeOnce(base, {});
  const items = (warm.body.toString("utf8").match(/<item>/g) ?? []).length;
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const { ms, body } = await timeOnce(base, headers);
    times.push(ms);
    bytes = body.length;
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(RUNS / 2)]!, bytes, items };
}

export function feedRows(large: number, small: number, timings: { small: FeedTiming; large: FeedTiming; largeGzip: FeedTiming }): Row[] {
  const row = (label: string, big: FeedTiming, base: FeedTiming): Row => ({
    name: `catalogue feed \`${FEED_PATH}\`${label}: whole document at ${large} / ${small} products`,
    ours: `${fmt.ms(big.median)} (${big.items} items, ${(big.bytes / 1024 / 1024).toFixed(1)} MB)`,
    baseline: `${fmt.ms(base.median)} (${base.items} items)`,
    ratio: fmt.ratio(big.median / base.median),
    target: `< 1 s at ${large}`,
    pass: big.median < 1000 && big.items === large,
    note: big.items === large ? undefined : `the feed carried ${big.items} of ${large} products.`,
  });
  return [row("", timings.large, timings.small), row(" with Accept-Encoding: gzip", timings.largeGzip, timings.small)];
}

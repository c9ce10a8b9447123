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

async function timeOnce(base: string, headers: Record<string, string>, feedPath: string) {
  const start = performance.now();
  const fetched = await rawGet(base, feedPath, headers);
  const ms = performance.now() - start;
  if (fetched.status !== 200) throw new Error(`${feedPath} answered ${fetched.status}`);
  return { ms, body: fetched.body };
}

/** One warm-up, then the median of RUNS full fetches, one after another. */
export async function timeFeed(base: string, gzip: boolean, feedPath = FEED_PATH): Promise<FeedTiming & { body: string }> {
  const headers: Record<string, string> = gzip ? { "Accept-Encoding": "gzip" } : {};
  const warm = await timeOnce(base, {}, feedPath);
  const body = warm.body.toString("utf8");
  const items = (body.match(/<item>/g) ?? []).length;
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const { ms, body } = await timeOnce(base, headers, feedPath);
    times.push(ms);
    bytes = body.length;
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(RUNS / 2)]!, bytes, items, body };
}

export function feedRows(
  large: number,
  small: number,
  timings: { small: FeedTiming; large: FeedTiming; largeGzip: FeedTiming },
  feedPath = FEED_PATH,
): Row[] {
  const row = (label: string, big: FeedTiming, base: FeedTiming): Row => ({
    name: `catalogue feed \`${feedPath}\`${label}: whole document at ${large} / ${small} products`,
    ours: `${fmt.ms(big.median)} (${big.items} items, ${(big.bytes / 1024 / 1024).toFixed(1)} MB)`,
    baseline: `${fmt.ms(base.median)} (${base.items} items)`,
    ratio: fmt.ratio(big.median / base.median),
    target: `< 1 s at ${large}`,
    pass: big.median < 1000 && big.items === large,
    note: big.items === large ? undefined : `the feed carried ${big.items} of ${large} products.`,
  });
  return [row("", timings.large, timings.small), row(" with Accept-Encoding: gzip", timings.largeGzip, timings.small)];
}

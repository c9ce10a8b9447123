// Row 1, storefront throughput: each URL under autocannon (loopback, 50 connections),
// ours against a bare Node `http` server answering the same bytes from memory, in the
// same run; then ours again at 70 % of its own maximum rate for the tail latency.
import { promises as fs } from "node:fs";
import http from "node:http";
import path from "node:path";
import { SECOND_PORT, WORK, benchEnv, log, sleep, startNode, type AppProcess } from "./app.ts";
import { load, type Load } from "./load.ts";
import { fmt, type Row, type Section } from "./report.ts";

export interface HttpOptions {
  seconds: number;
  warmupSeconds: number;
  connections: number;
}

interface Fetched {
  path: string;
  status: number;
  contentType: string;
  xCache: string;
  body: Buffer;
}

/** One GET as autocannon makes it (no Accept-Encoding): the bytes the load test receives. */
export function rawGet(base: string, urlPath: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${urlPath}`, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            path: urlPath,
            status: res.statusCode ?? 0,
            contentType: String(res.headers["content-type"] ?? ""),
            xCache: String(res.headers["x-cache"] ?? "none"),
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** The four storefront URLs of the row; the product page is the newest wall hanging. */
export async function storefrontPaths(base: string): Promise<{ label: string; path: string }[]> {
  const api = "/api/v1/products/getAvailableProductsByCategory/wall-hanging";
  const list = JSON.parse((await rawGet(base, api)).body.toString("utf8")) as { data: { _id: string; category: string }[] };
  const product = list.data[0];
  if (!product) throw new Error("the bench catalogue has no public wall hanging");
  return [
    { label: "home", path: "/" },
    { label: "listing", path: "/product/wall-hanging" },
    { label: "product page", path: `/product/${product.category}/${product._id}` },
    { label: "API list", path: api },
  ];
}

async function startBare(responses: Fetched[]): Promise<AppProcess> {
  const file = path.join(WORK, "bare-responses.json");
  await fs.writeFile(
    file,
    JSON.stringify(responses.map((r) => ({ path: r.path, contentType: r.contentType, body: r.body.toString("base64") }))),
  );
  const bare = await startNode("bare", "bench/bare-server.ts", benchEnv(), [String(SECOND_PORT), file]);
  for (let i = 0; i < 100; i++) {
    if (bare.child.exitCode !== null) throw new Error(`the bare server exited: see ${WORK}/logs/bare.log`);
    const ok = await rawGet(`http://127.0.0.1:${SECOND_PORT}`, responses[0]!.path).then((r) => r.status === 200, () => false);
    if (ok) return bare;
    await sleep(100);
  }
  throw new Error("the bare server did not start");
}

const describe = (l: Load) => `${fmt.n(l.rps)} req/s (p50 ${fmt.ms(l.p50)}, p99 ${fmt.ms(l.p99)})`;

export async function runHttp(base: string, options: HttpOptions): Promise<Section> {
  const paths = await storefrontPaths(base);
  const fetched: Fetched[] = [];
  for (const p of paths) {
    await rawGet(base, p.path); // fill the page cache, as any first visitor does
    const response = await rawGet(base, p.path);
    if (response.status !== 200) throw new Error(`${p.path} answered ${response.status}`);
    fetched.push(response);
  }

  const bare = await startBare(fetched);
  const rows: Row[] = [];
  const details = [
    "| URL | bytes | X-Cache | ours: req/s, p50, p99, errors | bare: req/s, p50, p99, errors | ours at 70 %: req/s, p50, p99, errors |",
    "|---|---|---|---|---|---|",
  ];
  try {
    for (const [i, p] of paths.entries()) {
      const ourUrl = `${base}${p.path}`;
      const bareUrl = `http://127.0.0.1:${SECOND_PORT}${p.path}`;
      log(`http: ${p.path}`);
      await load({ url: ourUrl, connections: options.connections, seconds: options.warmupSeconds });
      const ours = await load({ url: ourUrl, connections: options.connections, seconds: options.seconds });
      await load({ url: bareUrl, connections: options.connections, seconds: options.warmupSeconds });
      const baseline = await load({ url: bareUrl, connections: options.connections, seconds: options.seconds });
      const rate = 0.7 * ours.rps;
      if (rate < 1) throw new Error(`${p.path}: no successful responses in ${options.seconds} s (${ours.errors} errors)`);
      const steady = await load({ url: ourUrl, connections: options.connections, seconds: options.seconds, overallRate: rate });
      const xCache = (await rawGet(base, p.path)).xCache;

      const ratio = ours.rps / baseline.rps;
      const errors = ours.errors + steady.errors;
      const throughputPass = ratio >= 0.5 && errors === 0;
      rows.push({
        name: `${p.label} \`${p.path}\`: req/s`,
        ours: `${describe(ours)}, ${ours.errors} errors`,
        baseline: `${describe(baseline)}, ${baseline.errors} errors`,
        ratio: fmt.ratio(ratio),
        target: "≥ 0.50, 0 errors",
        pass: throughputPass,
        note: throughputPass
          ? undefined
          : `${errors ? `${errors} errors/non-2xx; ` : ""}the bare server sends ${fetched[i]!.body.byteLength} bytes from memory; ours ${
              xCache === "HIT" ? "answers from the page cache (X-Cache HIT)" : `renders (X-Cache ${xCache})`
            } and runs Express middleware (helmet headers, CSP nonce, compression check, request log) per request.`,
      });
      const tail = steady.p99 / steady.p50;
      rows.push({
        name: `${p.label}: p99/p50 at 70 % of max (${fmt.n(rate)} req/s offered)`,
        ours: `p50 ${fmt.ms(steady.p50)}, p99 ${fmt.ms(steady.p99)}, ${steady.errors} errors`,
        baseline: "—",
        ratio: fmt.ratio(tail),
        target: "≤ 3",
        pass: tail <= 3 && steady.errors === 0,
        note:
          tail <= 3
            ? undefined
            : `at ${fmt.n(steady.rps)} req/s achieved, the slowest 1 % wait behind others on the one event loop (single process on 2 shared cores; GC pauses).`,
      });
      details.push(
        `| \`${p.path}\` | ${fetched[i]!.body.byteLength} | ${xCache} | ${fmt.n(ours.rps)}, ${fmt.ms(ours.p50)}, ${fmt.ms(ours.p99)}, ${ours.errors} | ${fmt.n(baseline.rps)}, ${fmt.ms(baseline.p50)}, ${fmt.ms(baseline.p99)}, ${baseline.errors} | ${fmt.n(steady.rps)}, ${fmt.ms(steady.p50)}, ${fmt.ms(steady.p99)}, ${steady.errors} |`,
      );
    }
  } finally {
    await bare.stop();
  }
  return {
    title: "1. Storefront throughput",
    method: `autocannon 8 (programmatic), loopback, ${options.connections} connections, ${options.warmupSeconds} s warm-up then ${options.seconds} s per run, no Accept-Encoding (as autocannon sends). Baseline: a bare Node \`http\` server (own process, bench/bare-server.ts) answering each path with the body and Content-Type the app sent for it, from memory, measured right after ours. The 70 % run offers 0.7 × our measured req/s (autocannon \`overallRate\`). Latencies are every 2xx response's time at full precision. The app runs as shipped (page cache on).`,
    rows,
    details: ["Raw figures:", "", ...details],
  };
}

// Row 1, storefront throughput: each URL under autocannon (loopback, 50 connections, as
// browsers ask: Accept-Encoding: br, gzip), ours against a bare Node `http` server answering
// the same compressed bytes from memory, in the same run; then ours again at 70 % of its own maximum rate for the tail latency.
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
  contentEncoding?: string;
  headerBytes: number;
  body: Buffer;
}

/** What every browser sends; the rows are measured with it, compressed bytes on both sides. */
const BROWSER = { "accept-encoding": "br, gzip" };

/** One GET as autocannon makes it (no Accept-Encoding unless given): the bytes the load test receives. */
export function rawGet(base: string, urlPath: string, headers: Record<string, string> = {}): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${urlPath}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            path: urlPath,
            status: res.statusCode ?? 0,
            contentType: String(res.headers["content-type"] ?? ""),
            xCache: String(res.headers["x-cache"] ?? "none"),
            ...(res.headers["content-encoding"] ? { contentEncoding: String(res.headers["content-encoding"]) } : {}),
            headerBytes: res.rawHeaders.reduce((sum, h, i) => sum + h.length + (i % 2 ? 2 : 2), 0),
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
    JSON.stringify(
      responses.map((r) => ({ path: r.path, contentType: r.contentType, contentEncoding: r.contentEncoding, body: r.body.toString("base64") })),
    ),
  );
  const bare = await startNode("bare", "bench/bare-server.ts", benchEnv(), [String(SECOND_PORT), file]);
  for (let i = 0; i < 100; i++) {
    if (bare.child.exitCode !== null) throw new Error(`the bare server exited: see ${WORK}/logs/bare.log`);
    const ok = await rawGet(`http://127.0.0.1:${SECOND_PORT}`, responses[0]!.path, BROWSER).then((r) => r.status === 200, () => false);
    if (ok) return bare;
    await sleep(100);
  }
  await bare.stop();
  throw new Error("the bare server did not answer");
}

/** CPU time (user + system) a process has used, in ms, from /proc/<pid>/stat. */
export async function cpuMs(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime are fields 14 and 15 of the line (11 and 12 after the command name), in clock ticks (100 per second).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A load run with the CPU the serving process spent per answered request. */
async function measured(pid: number, run: () => Promise<Load>): Promise<Load & { cpuPerRequest: number; busy: number }> {
  const before = await cpuMs(pid);
  const started = performance.now();
  const result = await run();
  const spent = (await cpuMs(pid)) - before;
  return { ...result, cpuPerRequest: spent / Math.max(1, result.requests), busy: spent / (performance.now() - started) };
}

const describe = (l: Load) => `${fmt.n(l.rps)} req/s (p50 ${fmt.ms(l.p50)}, p99 ${fmt.ms(l.p99)})`;

export async function runHttp(base: string, webPid: number, options: HttpOptions): Promise<Section> {
  const paths = await storefrontPaths(base);
  const fetched: Fetched[] = [];
  for (const p of paths) {
    await rawGet(base, p.path, BROWSER); // fill the page cache, as any first visitor does
    const response = await rawGet(base, p.path, BROWSER);
    if (response.status !== 200) throw new Error(`${p.path} answered ${response.status}`);
    fetched.push(response);
  }
  const bare = await startBare(fetched);
  const tailSeconds = Math.max(2, Math.round(options.seconds / 2));
  const rows: Row[] = [];
  const details = [
    "| URL | bytes | X-Cache | ours: req/s, p50, p99, errors, CPU/request | bare: req/s, p50, p99, errors, CPU/request | ours at 70 % (overallRate): req/s, p50, p99, errors | bare at the same rate |",
    "|---|---|---|---|---|---|---|",
  ];
  try {
    for (const [i, p] of paths.entries()) {
      const ourUrl = `${base}${p.path}`;
      const bareUrl = `http://127.0.0.1:${SECOND_PORT}${p.path}`;
      log(`http: ${p.path}`);
      const run = { connections: options.connections, headers: BROWSER };
      await load({ ...run, url: ourUrl, seconds: options.warmupSeconds });
      const ours = await measured(webPid, () => load({ ...run, url: ourUrl, seconds: options.seconds }));
      await load({ ...run, url: bareUrl, seconds: options.warmupSeconds });
      const baseline = await measured(bare.pid, () => load({ ...run, url: bareUrl, seconds: options.seconds }));
      const rate = 0.7 * ours.rps;
      if (rate < 1) throw new Error(`${p.path}: no successful responses in ${options.seconds} s (${ours.errors} errors)`);
      const steady = await load({ ...run, url: ourUrl, seconds: tailSeconds, overallRate: rate });
      const xCache = (await rawGet(base, p.path, BROWSER)).xCache;

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
          : `${errors ? `${errors} errors/non-2xx; ` : ""}our web process used ${fmt.n(ours.busy * 100)} % of a core (${fmt.ms(ours.cpuPerRequest)} CPU per request, ${
              xCache === "HIT" ? "answered from the page cache" : `X-Cache ${xCache}`
            }), the bare server ${fmt.n(baseline.busy * 100)} % (${fmt.ms(baseline.cpuPerRequest)}). ${
              ours.busy > 0.85
                ? `Ours is CPU-bound: the per-request work (Express, helmet's headers and the address and method guards in front of the cache, the public version read from Redis, and the page-cache lookup; the stored copy itself is sent as it is) caps one web process at about ${fmt.n(1000 / ours.cpuPerRequest)} req/s.`
                : `Neither server is CPU-bound, so the limit is the load generator on the other core (autocannon, one process), which also parses our ${fetched[i]!.headerBytes} bytes of response headers per request against the bare server's few.`
            }`,
      });
      // The same offered rate against the bare server: how much of the tail is the load pattern and the machine.
      const bareSteady = await load({ ...run, url: bareUrl, seconds: tailSeconds, overallRate: rate });
      const tail = steady.p99 / steady.p50;
      const bareTail = bareSteady.p99 / bareSteady.p50;
      const tailPass = tail <= 3 && steady.errors === 0;
      rows.push({
        name: `${p.label}: p99/p50 at 70 % of max (${fmt.n(rate)} req/s offered)`,
        ours: `p50 ${fmt.ms(steady.p50)}, p99 ${fmt.ms(steady.p99)}, ${steady.errors} errors`,
        baseline: `bare at the same rate: p50 ${fmt.ms(bareSteady.p50)}, p99 ${fmt.ms(bareSteady.p99)} (${fmt.ratio(bareTail)})`,
        ratio: fmt.ratio(tail),
        target: "≤ 3",
        pass: tailPass,
        note: tailPass
          ? undefined
          : `the bare server under the very same offered load shows p99/p50 ${fmt.ratio(bareTail)}: autocannon's \`overallRate\` lets each of the ${options.connections} connections send its per-second quota back to back at the top of every second, so the "70 %" arrives as bursts at full speed and the last requests of each burst queue behind the first${
              tail <= bareTail * 1.25
                ? "; ours is within a quarter of that, so the tail is the load pattern on this 2-core machine (the load generator shares it), not our code"
                : `; ours adds ${fmt.ms(steady.p99 - bareSteady.p99)} to the p99 (${fmt.ms(steady.p50 - bareSteady.p50)} to the p50): each burst queues behind our per-request work and the event loop's pauses (garbage collection)`
            }.`,
      });
      details.push(
        `| \`${p.path}\` | ${fetched[i]!.body.byteLength} | ${xCache} | ${fmt.n(ours.rps)}, ${fmt.ms(ours.p50)}, ${fmt.ms(ours.p99)}, ${ours.errors}, ${fmt.ms(ours.cpuPerRequest)} | ${fmt.n(baseline.rps)}, ${fmt.ms(baseline.p50)}, ${fmt.ms(baseline.p99)}, ${baseline.errors}, ${fmt.ms(baseline.cpuPerRequest)} | ${fmt.n(steady.rps)}, ${fmt.ms(steady.p50)}, ${fmt.ms(steady.p99)}, ${steady.errors} | ${fmt.n(bareSteady.rps)}, ${fmt.ms(bareSteady.p50)}, ${fmt.ms(bareSteady.p99)}, ${bareSteady.errors} |`,
      );
    }
  } finally {
    await bare.stop();
  }
  return {
    title: "1. Storefront throughput",
    method: `autocannon 8 (programmatic), loopback, ${options.connections} connections, ${options.warmupSeconds} s warm-up then ${options.seconds} s per run, every request with \`Accept-Encoding: br, gzip\` as browsers ask. Baseline: a bare Node \`http\` server (own process, bench/bare-server.ts) answering each path with the very bytes (compressed as ours sent them, with the same Content-Encoding) and Content-Type the app sent for it, from memory, measured right after ours. The 70 % run (${Math.max(2, Math.round(options.seconds / 2))} s) offers 0.7 × our measured req/s with autocannon's \`overallRate\`, to ours and then to the bare server (each connection sends its per-second quota back to back at the top of each second, so the load arrives in bursts). Latencies are every 2xx response's time at full precision; CPU per request is each server process's user+system time (/proc/<pid>/stat) over the run divided by the requests it answered. The app runs as shipped (page cache on).`,
    rows,
    details: ["Raw figures:", "", ...details],
  };
}

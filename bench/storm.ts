// Row 8, write storm (decision 100): every public URL of the sitemap under a steady load of 10
// connections, quiet and then while the admin saves a product every 2 s (a JSON update through
// the API, which names only that product) and a media job "finishes" every 3 s (the bump the
// worker sends after a finished job). Both runs in the same process, one after the other.
import { readFile } from "node:fs/promises";
import autocannon from "autocannon";
import { MEDIA_JOB_CHANGE } from "../app/lib/render-context.server.ts";
import { bumpPublicVersion, closePublicVersion } from "../app/modules/site/public-version.server.ts";
import { adminCookie, log } from "./app.ts";
import { rawGet } from "./http.ts";
import { percentile } from "./load.ts";
import { fmt, type Section } from "./report.ts";

const BROWSER = { "accept-encoding": "br, gzip" };

interface Run {
  rps: number;
  p99: number;
  errors: number;
}

async function sitemapPaths(base: string): Promise<string[]> {
  const xml = (await rawGet(base, "/sitemap.xml")).body.toString("utf8");
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

function run(base: string, paths: readonly string[], seconds: number): Promise<Run> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: base, connections: 10, duration: seconds, headers: BROWSER, requests: paths.map((path) => ({ method: "GET", path })) },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        resolve({ rps: latencies.length / result.duration, p99: percentile(latencies, 99), errors: result.errors + result.timeouts + result.non2xx });
      },
    );
    instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (status >= 200 && status < 300) latencies.push(ms);
    });
  });
}

/** Saves one of the products every 2 s and bumps as a finished media job every 3 s, until stopped. */
function storm(base: string, cookie: string, productIds: readonly number[]): { stop: () => Promise<number> } {
  let saves = 0;
  let stopped = false;
  const saving = (async () => {
    while (!stopped) {
      const id = productIds[saves % productIds.length]!;
      const response = await fetch(`${base}/api/v1/products/update/${id}`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Cookie: cookie, Origin: base },
        body: JSON.stringify({ description: `A handmade Dokra piece (storm save ${saves + 1}).` }),
      });
      if (!response.ok) throw new Error(`a save answered ${response.status}: ${await response.text()}`);
      saves++;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  })();
  const media = setInterval(() => void bumpPublicVersion([MEDIA_JOB_CHANGE]), 3_000);
  return {
    stop: async () => {
      stopped = true;
      clearInterval(media);
      await saving;
      return saves;
    },
  };
}

/** CPU time (user + system, ms) the process has used so far, from /proc (Linux; null elsewhere). */
async function cpuMs(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  if (!stat) return null;
  // The fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in ticks of 10 ms.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A run, with the web process's CPU time per answer during it (load on the machine aside). */
async function measured(base: string, paths: readonly string[], seconds: number, webPid: number | undefined): Promise<Run & { cpuPerAnswer: number | null }> {
  const before = await cpuMs(webPid);
  const result = await run(base, paths, seconds);
  const after = await cpuMs(webPid);
  return { ...result, cpuPerAnswer: before === null || after === null ? null : (after - before) / (result.rps * seconds) };
}

export async function runStorm(base: string, seconds: number, webPid?: number): Promise<Section> {
  const paths = await sitemapPaths(base);
  const productIds = paths.flatMap((p) => /^\/product\/[^/]+\/(\d+)$/.exec(p)?.[1] ?? []).map(Number).slice(0, 5);
  log(`storm: ${paths.length} sitemap URLs, saving products ${productIds.join(", ")}`);
  for (const path of paths) await rawGet(base, path, BROWSER);
  await run(base, paths, 2);
  const quiet = await measured(base, paths, seconds, webPid);
  const writes = storm(base, await adminCookie(base), productIds);
  const stormy = await measured(base, paths, seconds, webPid);
  const saves = await writes.stop();
  await closePublicVersion();
  const p99Ratio = stormy.p99 / quiet.p99;
  const rpsRatio = stormy.rps / quiet.rps;
  return {
    title: "8. Write storm",
    method: `autocannon, 10 connections, ${seconds} s each, cycling through the ${paths.length} URLs of /sitemap.xml (Accept-Encoding: br, gzip): quiet, then while the admin saved a product every 2 s (${saves} JSON updates through /api/v1) and a media job's bump landed every 3 s.`,
    rows: [
      {
        name: "storefront p99 during the storm",
        ours: fmt.ms(stormy.p99),
        baseline: `${fmt.ms(quiet.p99)} quiet`,
        ratio: fmt.ratio(p99Ratio),
        target: "≤ 1.5× quiet",
        pass: p99Ratio <= 1.5 && stormy.errors === 0,
      },
      {
        name: "storefront throughput during the storm",
        ours: `${fmt.n(stormy.rps)} req/s`,
        baseline: `${fmt.n(quiet.rps)} req/s quiet`,
        ratio: fmt.ratio(rpsRatio),
        target: "≥ 0.8× quiet",
        pass: rpsRatio >= 0.8 && stormy.errors === 0,
      },
    ],
    details: [
      `Errors: quiet ${quiet.errors}, storm ${stormy.errors}.`,
      ...(quiet.cpuPerAnswer !== null && stormy.cpuPerAnswer !== null
        ? [`Web process CPU per answer: quiet ${quiet.cpuPerAnswer.toFixed(3)} ms, storm ${stormy.cpuPerAnswer.toFixed(3)} ms (${(stormy.cpuPerAnswer / quiet.cpuPerAnswer).toFixed(2)}×).`]
        : []),
    ],
  };
}

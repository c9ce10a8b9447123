// The benchmark harness: one command, production build, its own web and worker
// processes on a bench database, every row, and bench/RESULTS.md.
//
//   npm run bench                          # everything (~10 min on 2 cores), writes bench/RESULTS.md
//   npm run bench -- --only=http,lighthouse  # a subset (rows: http, media, lighthouse, scale, memory, render, search, storm, interest, feeds)
//   npm run bench -- --quick               # short runs for development
//   flags: --reuse (keep an already seeded bench database), --keep (leave the bench databases),
//          --seconds=N (autocannon run length), --images=N, --out=FILE
//   env: BENCH_PORT (default 3313; the second server takes +10) and BENCH_DB (database prefix,
//        default dokra_bench; it must start with dokra_bench, the only names scripts/reset-db.ts
//        drops) to run beside another checkout's bench.
// Subset and quick runs write .data/bench/RESULTS-partial.md unless --out is given.
import { execFileSync } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  BUILD_DIR,
  BUILT,
  MAIN_DB,
  SCALE_DB,
  WORK,
  adminCookie,
  benchEnv,
  clearQueue,
  dropDatabases,
  ensureBuild,
  log,
  startApp,
  stopAll,
  waitForIdleQueues,
  type RunningApp,
} from "./app.ts";
import { renderSection, failedSection, type Section } from "./report.ts";

/** The storefront's other pages, for Lighthouse's TBT, performance and CLS rows. */
const OTHER_STOREFRONT_PAGES = [
  { label: "gallery", path: "/gallery" },
  { label: "about", path: "/about" },
  { label: "contact", path: "/contact" },
  { label: "search", path: "/search?q=owl" },
];

const ROWS = ["http", "media", "lighthouse", "scale", "memory", "render", "search", "storm", "interest", "feeds"] as const;
type RowName = (typeof ROWS)[number];

function flag(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}
const has = (name: string) => process.argv.includes(`--${name}`);

const only = flag("only")?.split(",").map((s) => s.trim()) ?? [...ROWS];
for (const name of only) if (!(ROWS as readonly string[]).includes(name)) throw new Error(`unknown row "${name}" (rows: ${ROWS.join(", ")})`);
const selected = new Set(only as RowName[]);
const quick = has("quick");
const seconds = Number(flag("seconds") ?? (quick ? 3 : 10));
const settings = {
  http: { seconds, warmupSeconds: quick ? 1 : 2, connections: 50 },
  media: { images: Number(flag("images") ?? (quick ? 2 : 8)), videoSeconds: quick ? 3 : 8 },
  lighthouseRuns: quick ? 1 : 3,
  scale: { seconds: quick ? 2 : 5, connections: 10, small: 100, large: quick ? 2000 : 10_000 },
  memory: { first: quick ? 20 : 100, total: quick ? 200 : 1000, width: 320, height: 240 },
  render: { rounds: quick ? 2 : 5, perRound: quick ? 10 : 20 },
  search: { seconds: quick ? 2 : 5, small: 100, large: quick ? 2000 : 10_000 },
  interest: { seconds: quick ? 3 : 8, rounds: quick ? 2 : 4, connections: 50 },
  feeds: { small: 100, large: quick ? 2000 : 10_000 },
};
const full = selected.size === ROWS.length && !quick;
const out = flag("out") ?? (full ? "bench/RESULTS.md" : path.join(WORK, "RESULTS-partial.md"));

// App modules imported by the rows read their settings from the environment.
Object.assign(process.env, benchEnv());

function command(file: string, args: string[]): string {
  try {
    return execFileSync(file, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "n/a";
  }
}

async function machine(): Promise<string[]> {
  const { createConnection } = await import("mysql2/promise");
  const db = await createConnection({ uri: "mysql://root@127.0.0.1:3306/" });
  const [rows] = (await db.query("SELECT VERSION() AS v")) as unknown as [Array<{ v: string }>];
  await db.end();
  const { Redis } = await import("ioredis");
  const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
  const redisVersion = /redis_version:(\S+)/.exec(await redis.info("server"))?.[1] ?? "n/a";
  redis.disconnect();
  const sharp = (await import("sharp")).default;
  const pkg = (name: string) =>
    fs.readFile(`node_modules/${name}/package.json`, "utf8").then((t) => (JSON.parse(t) as { version: string }).version, () => "n/a");
  const dirty = command("git", ["status", "--porcelain", "--untracked-files=no"]).split("\n").filter(Boolean).length;
  return [
    `| | |`,
    `|---|---|`,
    `| CPU | ${os.cpus()[0]?.model ?? "n/a"}, ${os.cpus().length} cores |`,
    `| RAM | ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB |`,
    `| OS | ${os.type()} ${os.release()} |`,
    `| Node | ${process.version} |`,
    `| MariaDB | ${rows[0]!.v} |`,
    `| Redis | ${redisVersion} |`,
    `| sharp / libvips | ${sharp.versions.sharp} / ${sharp.versions.vips} |`,
    `| ffmpeg | ${command("/usr/bin/ffmpeg", ["-version"]).split("\n")[0]} |`,
    `| Chromium | ${command(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", ["--version"])} |`,
    `| autocannon / Lighthouse | ${await pkg("autocannon")} / ${await pkg("lighthouse")} |`,
    `| git commit | ${command("git", ["rev-parse", "--short", "HEAD"])}${dirty ? ` (+ ${dirty} uncommitted tracked files in the working tree)` : ""} |`,
  ];
}

function load(): string {
  const [one, five] = os.loadavg();
  const busiest = command("ps", ["-eo", "pcpu,comm", "--sort=-pcpu", "--no-headers"])
    .split("\n")
    .slice(0, 4)
    .map((l) => l.trim().replace(/\s+/, "% "))
    .join(", ");
  return `load average ${one!.toFixed(2)} (1 min), ${five!.toFixed(2)} (5 min); busiest processes: ${busiest}`;
}

async function section(title: string, work: () => Promise<Section>): Promise<Section> {
  const started = performance.now();
  try {
    const result = await work();
    log(`${title}: done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return result;
  } catch (error) {
    log(`${title} failed: ${(error as Error).stack ?? String(error)}`);
    return failedSection(title, error);
  }
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const started = performance.now();
  const loadBefore = load();
  log(`rows: ${[...selected].join(", ")}${quick ? " (quick)" : ""}; report: ${out}`);
  await fs.mkdir(WORK, { recursive: true });
  const machineLines = await machine();
  const build = await ensureBuild();
  log(`build: ${build}`);
  const app: RunningApp = await startApp({ reuse: has("reuse") });
  await waitForIdleQueues();
  log(`app up (web pid ${app.web.pid}, worker pid ${app.worker.pid})`);
  const sections: Section[] = [];

  const { storefrontPaths } = await import("./http.ts");
  const pages = await storefrontPaths(app.base);
  if (selected.has("http")) {
    const { runHttp } = await import("./http.ts");
    sections.push(await section("1. Storefront throughput", () => runHttp(app.base, app.web.pid, settings.http)));
  }
  if (selected.has("media")) {
    const { runMedia } = await import("./media.ts");
    sections.push(await section("2. Media pipeline", async () => runMedia(app.base, await adminCookie(app.base), settings.media)));
  }
  if (selected.has("lighthouse")) {
    const { runLighthouse } = await import("./lighthouse.ts");
    const { inLanguages } = await import("./lighthouse.ts");
    const lighthousePages = [...pages.slice(0, 3), ...OTHER_STOREFRONT_PAGES, ...inLanguages(pages.filter((p) => p.label === "home" || p.label === "product page"))];
    sections.push(await section("3. Page quality (Lighthouse)", () => runLighthouse(app.base, lighthousePages, settings.lighthouseRuns)));
  }
  if (selected.has("scale")) {
    const { runScale } = await import("./scale.ts");
    sections.push(await section("4. Scale", () => runScale(settings.scale)));
  }
  if (selected.has("render")) {
    const { runRender } = await import("./render.ts");
    const renderPages = [{ label: "listing", path: "/product/available-collection" }, ...pages.filter((p) => p.label === "product page" || p.label === "home")];
    sections.push(await section("7. Uncached render", () => runRender({ buildDir: BUILD_DIR, paths: renderPages, ...settings.render })));
  }
  if (selected.has("memory")) {
    const { runMemory } = await import("./memory.ts");
    sections.push(await section("5. Worker memory", () => runMemory(app, settings.memory)));
  }
  if (selected.has("storm")) {
    const { runStorm } = await import("./storm.ts");
    sections.push(await section("8. Write storm", () => runStorm(app.base, seconds)));
  }
  if (selected.has("search")) {
    const { runSearch } = await import("./search.ts");
    sections.push(await section("6. Search", () => runSearch(settings.search)));
  }
  if (selected.has("interest")) {
    const { runInterest } = await import("./interest.ts");
    const product = pages.find((p) => p.label === "product page")?.path ?? "/";
    sections.push(await section("9. Interest counting", () => runInterest(app.base, product, settings.interest)));
  }
  if (selected.has("feeds")) {
    const { runFeeds } = await import("./feeds-row.ts");
    sections.push(await section("10. Catalogue feeds", () => runFeeds(settings.feeds)));
  }
  sections.sort((a, b) => a.title.localeCompare(b.title, "en", { numeric: true }));

  const minutes = (performance.now() - started) / 60_000;
  const rows = sections.flatMap((s) => s.rows).filter((r) => r.pass !== null);
  const report = [
    "# Benchmark results",
    "",
    `Generated by \`npm run bench${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(" ")}` : ""}\` on ${startedAt.toISOString()} in ${minutes.toFixed(1)} min: ${rows.filter((r) => r.pass).length} of ${rows.length} target rows pass. How and why it measures what it does: [docs/decisions/070-benchmarks.md](../docs/decisions/070-benchmarks.md).`,
    "",
    "## Machine",
    "",
    ...machineLines,
    "",
    `Before the run: ${loadBefore}.`,
    `After the run: ${load()}.`,
    "",
    `The app: production build (${build}), one web process and one worker process (\`node ${BUILT.web}\` / \`${BUILT.worker}\` on Node.js ${process.version}, NODE_ENV=production, LOG_LEVEL=warn) on database ${MAIN_DB} seeded with the demo catalogue through the real upload queue; the scale row uses ${SCALE_DB}.`,
    "",
    ...sections.flatMap((s) => [renderSection(s), ""]),
  ].join("\n");
  await fs.mkdir(path.dirname(out), { recursive: true });
  // Measurements made by hand (decision records point at them) survive a regenerated report.
  const previous = await fs.readFile(out, "utf8").catch(() => "");
  const handMade = previous.indexOf(HAND_MEASUREMENTS);
  await fs.writeFile(out, handMade === -1 ? report : `${report.trimEnd()}\n\n${previous.slice(handMade)}`);
  log(`wrote ${out} (${minutes.toFixed(1)} min)`);
}

const HAND_MEASUREMENTS = "## Hand measurements";

let exitCode = 0;
process.on("SIGINT", () => {
  log("interrupted: stopping the processes this harness started");
  void stopAll().finally(() => process.exit(130));
});
try {
  await main();
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await stopAll();
  const { closeQueues } = await import("../app/modules/jobs/queue.server.ts");
  await closeQueues().catch(() => undefined);
  const { closeDb } = await import("../db/index.ts");
  await closeDb().catch(() => undefined);
  if (!has("keep") && !has("reuse")) {
    await dropDatabases().catch((e: unknown) => console.error("could not drop the bench databases", e));
    await clearQueue(MAIN_DB).catch(() => undefined);
    await clearQueue(SCALE_DB).catch(() => undefined);
    await fs.rm(path.join(WORK, "storage"), { recursive: true, force: true });
  }
}
process.exit(exitCode);

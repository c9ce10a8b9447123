// The README's first command as a newcomer types it: a copy of the committed tree with no
// node_modules, .env, storage or database, `npm start`, the shop in a browser's place,
// Ctrl-C, and a second `npm start`. The media worker is killed with -9 on the way: the
// supervisor must bring it back and the catalogue's queued images must still be made.
import { promises as fs } from "node:fs";
import path from "node:path";
import { Redis } from "ioredis";
import { createConnection, type Connection, type RowDataPacket } from "mysql2/promise";
import { afterAll, beforeAll, expect, test } from "vitest";
import { DEMO_PRODUCTS } from "#scripts/seed/catalogue.ts";
import { alive, copyCommittedTree, freePort, newcomerEnv, npmStart, processGroup, servicesInGroup, tempFolder, uniqueSuffix, type RunningStart } from "./newcomer.ts";

const suffix = uniqueSuffix();
const folder = tempFolder(suffix);
const dbName = `dokra_start_${suffix}`;
const serverUrl = new URL(process.env.TEST_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/");
const databaseUrl = new URL(serverUrl);
databaseUrl.pathname = `/${dbName}`;
// Its own queues and Redis keys, beside any other shop on this Redis.
const queuePrefix = `dokra_start_${suffix}`;
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

const MINUTE = 60_000;
let env: NodeJS.ProcessEnv;
let server: Connection;
const started: RunningStart[] = [];
const timings: Record<string, number> = {};

async function counts(): Promise<Record<string, number>> {
  const [rows] = await server.query<RowDataPacket[]>(`SELECT status, COUNT(*) AS n FROM \`${dbName}\`.media GROUP BY status`);
  const [[products]] = await server.query<RowDataPacket[]>(`SELECT COUNT(*) AS n FROM \`${dbName}\`.products`);
  return Object.fromEntries([...rows.map((row) => [row.status as string, Number(row.n)]), ["products", Number(products!.n)]]);
}

const total = (c: Record<string, number>) => (c.processing ?? 0) + (c.ready ?? 0) + (c.failed ?? 0);

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The shop answers as a visitor sees it: health, a home page with a served picture, a product page. */
async function visitShop(url: string): Promise<void> {
  const health = await fetch(`${url}/healthz`);
  expect(health.status).toBe(200);
  const home = await fetch(url);
  expect(home.status).toBe(200);
  const html = await home.text();
  const picture = html.match(/\/media\/[^"'\s),]+/)?.[0];
  expect(picture, "a /media/ picture on the home page").toBeDefined();
  expect((await fetch(new URL(picture!, url))).status).toBe(200);
  const product = html.match(/href="(\/product\/[a-z0-9-]+\/\d+)"/)?.[1];
  expect(product, "a product link on the home page").toBeDefined();
  const page = await fetch(new URL(product!, url));
  expect(page.status).toBe(200);
  expect(await page.text()).toMatch(/<h1[^>]*>/);
}

/** The web server and the worker as production runs them: plain `node` on the built files. */
const SERVICE = /^\S*node \S*build\/server\/(web|worker)\.js$/;

/** Ctrl-C in the terminal: SIGINT to the whole process group; the web server and the worker must be gone within 10 s. */
async function pressCtrlC(run: RunningStart): Promise<void> {
  const services = servicesInGroup(run.child.pid!, SERVICE);
  expect(services.map((p) => p.command.match(SERVICE)![1]).sort()).toEqual(["web", "worker"]);
  expect(processGroup(run.child.pid!).filter((p) => /\btsx\b/.test(p.command))).toEqual([]);
  const sent = Date.now();
  process.kill(-run.child.pid!, "SIGINT");
  await until("web and worker stopped after Ctrl-C", 10_000, async () => (services.some((p) => alive(p.pid)) ? undefined : true));
  timings[`stopped after Ctrl-C (run ${started.length})`] = Date.now() - sent;
  await run.exited;
}

beforeAll(async () => {
  await fs.mkdir(folder, { recursive: true });
  const files = await copyCommittedTree(process.cwd(), folder);
  expect(files).toBeGreaterThan(50);
  await expect(fs.stat(path.join(folder, "node_modules"))).rejects.toThrow();
  const port = await freePort();
  env = newcomerEnv({
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: queuePrefix,
    PORT: String(port),
    // From the local npm cache when it has the locked versions: a fresh install, only faster.
    npm_config_prefer_offline: "true",
  });
  server = await createConnection({ uri: serverUrl.toString() });
});

afterAll(async () => {
  for (const run of started) {
    try {
      process.kill(-run.child.pid!, "SIGKILL");
    } catch {
      // already gone
    }
  }
  console.log(`start test timings (ms): ${JSON.stringify(timings)}; log: ${folder}/start-*.log while it exists`);
  await server?.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
  await server?.end();
  const redis = new Redis(redisUrl);
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${queuePrefix}:*`, "COUNT", 500);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== "0");
  redis.disconnect();
  await fs.rm(folder, { recursive: true, force: true });
});

test("npm start on a fresh copy serves the shop, survives a killed worker, stops on Ctrl-C, and starts again without seeding twice", async () => {
  let clock = Date.now();
  const first = npmStart(folder, env, path.join(folder, "start-1.log"));
  started.push(first);

  // The worker is killed as soon as it runs, while the seed is still queueing the catalogue.
  const worker = await until("the media worker running", 10 * MINUTE, async () => {
    if (first.child.exitCode !== null) throw new Error(`npm start ended:\n${first.output().slice(-4000)}`);
    return servicesInGroup(first.child.pid!, /build\/server\/worker\.js$/)[0];
  });
  timings["install, migrate, build"] = Date.now() - clock;
  const atKill = await counts();
  process.kill(worker.pid, "SIGKILL");
  await first.waitFor(new RegExp(`worker \\(pid ${worker.pid}\\) was killed by SIGKILL; restarting it in`), MINUTE);

  const [, url] = await first.waitFor(/Dokra shop running at (\S+)/, 10 * MINUTE);
  timings["first start: printed URL"] = Date.now() - clock;
  expect(first.output()).not.toContain("catalogue already seeded");
  // The Node.js of .node-version, whatever the machine's own `node` is.
  expect(first.output()).toMatch(/\[start\] Node\.js v24\.\d+\.\d+ /);

  // More uploads made than existed when the worker was killed: the worker that came back
  // takes the jobs queued after the kill.
  await until("uploads queued after the kill made by the restarted worker", 10 * MINUTE, async () => {
    if (first.child.exitCode !== null) throw new Error(`npm start ended:\n${first.output().slice(-4000)}`);
    return ((await counts()).ready ?? 0) > total(atKill) ? true : undefined;
  });
  timings["first start: a job queued after the kill done"] = Date.now() - clock;
  const seeded = await counts();
  expect(seeded.failed ?? 0).toBe(0);
  expect(seeded.products).toBe(DEMO_PRODUCTS.length);
  await visitShop(url!);
  await pressCtrlC(first);

  clock = Date.now();
  const second = npmStart(folder, env, path.join(folder, "start-2.log"));
  started.push(second);
  await second.waitFor(/Dokra shop running at (\S+)/, 10 * MINUTE);
  timings["second start: printed URL"] = Date.now() - clock;
  expect(second.output()).toContain("catalogue already seeded");
  expect(second.output()).not.toContain("installing Node packages");
  const again = await counts();
  expect(again.products).toBe(DEMO_PRODUCTS.length);
  expect(total(again)).toBe(total(seeded));
  await until("the second start serving", MINUTE, async () => ((await fetch(`${url}/healthz`).catch(() => null))?.ok ? true : undefined));
  await visitShop(url!);
  await pressCtrlC(second);
});

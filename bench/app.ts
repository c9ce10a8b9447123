// The app under test: the production build, a bench database and queue prefix, and the
// web and worker processes started the way `npm start` runs them (two processes).
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, promises as fs } from "node:fs";
import path from "node:path";

// BENCH_PORT and BENCH_DB let two checkouts on one machine run rows side by side.
export const APP_PORT = Number(process.env.BENCH_PORT ?? 3313);
/** The bare baseline server during the HTTP row; the scale row's web server afterwards. */
export const SECOND_PORT = APP_PORT + 10;
export const BUILD_DIR = ".data/build-bench";
/** The production processes, built with the app (vite.config.ts). */
export const BUILT = Object.fromEntries(
  ["web", "worker", "seed", "reset-db", "admin"].map((name) => [name, path.join(BUILD_DIR, `server/${name}.js`)]),
) as Record<"web" | "worker" | "seed" | "reset-db" | "admin", string>;
export const WORK = path.resolve(".data/bench");
const DB_PREFIX = process.env.BENCH_DB ?? "dokra_bench";
export const MAIN_DB = `${DB_PREFIX}_main`;
export const SCALE_DB = `${DB_PREFIX}_scale`;
export const DB_ROOT = "mysql://root@127.0.0.1:3306";
export const ADMIN = { email: "bench@dokra.local", password: "bench-password-2026" } as const;

export type Env = NodeJS.ProcessEnv;

/** The environment of a bench process (see scripts/e2e-server.sh for the same list). */
export function benchEnv(overrides: { port?: number; database?: string; extra?: Record<string, string> } = {}): Env {
  const port = overrides.port ?? APP_PORT;
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: `${DB_ROOT}/${overrides.database ?? MAIN_DB}`,
    QUEUE_PREFIX: MAIN_DB,
    STORAGE_DIR: path.join(WORK, "storage"),
    SESSION_SECRET: "bench-session-secret-not-for-production",
    BUILD_DIR,
    LOG_LEVEL: "warn",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...overrides.extra,
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function log(message: string): void {
  const time = new Date().toISOString().slice(11, 19);
  console.log(`[bench ${time}] ${message}`);
}

/** Runs a command to completion (output to the bench log), throwing on a non-zero exit. */
export async function exec(command: string, args: string[], env: Env, logName: string): Promise<void> {
  await fs.mkdir(path.join(WORK, "logs"), { recursive: true });
  const out = createWriteStream(path.join(WORK, "logs", `${logName}.log`), { flags: "a" });
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  running.add(child);
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  running.delete(child);
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} exited ${code}: see ${path.join(WORK, "logs", `${logName}.log`)}`);
}

/** A long-running Node process of the app (built JavaScript, or TypeScript through tsx's loader), `pid` the process itself. */
export interface AppProcess {
  name: string;
  child: ChildProcess;
  pid: number;
  stop(): Promise<void>;
}

const started = new Set<AppProcess>();
/** One-shot commands in progress (setup, seed), stopped with everything else on Ctrl-C. */
const running = new Set<ChildProcess>();

export async function startNode(name: string, script: string, env: Env, args: string[] = []): Promise<AppProcess> {
  await fs.mkdir(path.join(WORK, "logs"), { recursive: true });
  const out = createWriteStream(path.join(WORK, "logs", `${name}.log`), { flags: "a" });
  const program = script.endsWith(".ts") ? ["--import", "tsx", script] : [script];
  const child = spawn(process.execPath, [...program, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const proc: AppProcess = {
    name,
    child,
    pid: child.pid!,
    async stop() {
      started.delete(proc);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
  started.add(proc);
  return proc;
}

/** Stops every process this harness started (on success, failure or Ctrl-C). */
export async function stopAll(): Promise<void> {
  for (const child of running) child.kill("SIGTERM");
  await Promise.all([...started].map((p) => p.stop()));
}

export async function waitForHealth(port: number, proc: AppProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited ${proc.child.exitCode}: see ${WORK}/logs/${proc.name}.log`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
    if (ok) return;
    await sleep(250);
  }
  throw new Error(`${proc.name} did not answer /healthz on port ${port}`);
}

async function newestMtime(entry: string): Promise<number> {
  const stat = await fs.stat(entry).catch(() => null);
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of await fs.readdir(entry)) newest = Math.max(newest, await newestMtime(path.join(entry, name)));
  return newest;
}

/** Builds into BUILD_DIR when there is no build or a source the build depends on is newer. */
export async function ensureBuild(): Promise<string> {
  const marker = path.join(BUILD_DIR, "server/web.js");
  const built = (await fs.stat(marker).catch(() => null))?.mtimeMs ?? 0;
  const sources = await Promise.all(["app", "public", "server", "workers", "db", "scripts", "vite.config.ts", "package-lock.json", "tsconfig.json"].map(newestMtime));
  const newest = Math.max(...sources);
  if (built && built > newest) return "up to date";
  log(built ? "build is older than app/: rebuilding" : `no build in ${BUILD_DIR}: building`);
  const startedAt = performance.now();
  await exec("node_modules/.bin/remix", ["vite:build"], benchEnv(), "build");
  return `built in ${((performance.now() - startedAt) / 1000).toFixed(0)} s`;
}

export async function clearQueue(prefix: string): Promise<void> {
  const { Redis } = await import("ioredis");
  const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}

export async function dropDatabases(): Promise<void> {
  const { createConnection } = await import("mysql2/promise");
  const connection = await createConnection({ uri: `${DB_ROOT}/` });
  try {
    for (const name of [MAIN_DB, SCALE_DB]) await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
  } finally {
    await connection.end();
  }
}

/** True when the main bench database exists and its seeded media are all ready (for --reuse). */
export async function mainSeeded(): Promise<boolean> {
  const { createConnection } = await import("mysql2/promise");
  const connection = await createConnection({ uri: `${DB_ROOT}/` });
  try {
    const [rows] = (await connection.query(
      `SELECT (SELECT COUNT(*) FROM \`${MAIN_DB}\`.products) AS products,
              (SELECT COUNT(*) FROM \`${MAIN_DB}\`.media WHERE status <> 'ready') AS pending`,
    )) as unknown as [Array<{ products: number; pending: number }>];
    return Number(rows[0]!.products) > 0 && Number(rows[0]!.pending) === 0;
  } catch {
    return false;
  } finally {
    await connection.end();
  }
}

export interface RunningApp {
  web: AppProcess;
  worker: AppProcess;
  base: string;
  /** Restarts the worker (a fresh process, e.g. for the memory row). */
  restartWorker(): Promise<AppProcess>;
}

/**
 * Fresh bench database and queue, the worker, the demo catalogue seeded through the real
 * upload queue (as scripts/e2e-server.sh does), then the web server. With `reuse`, an
 * existing fully-seeded bench database is kept.
 */
export async function startApp(options: { reuse: boolean }): Promise<RunningApp> {
  const env = benchEnv();
  const reuse = options.reuse && (await mainSeeded());
  if (!reuse) {
    log(`fresh database ${MAIN_DB}, queue and storage; seeding the demo catalogue through the worker`);
    await exec(process.execPath, [BUILT["reset-db"]], env, "setup");
    await fs.rm(env.STORAGE_DIR!, { recursive: true, force: true });
    await clearQueue(MAIN_DB);
  } else {
    log(`reusing the seeded ${MAIN_DB}`);
  }
  let worker = await startNode("worker", BUILT.worker, env);
  if (!reuse) await exec(process.execPath, [BUILT.seed, "--wait"], env, "setup");
  const web = await startNode("web", BUILT.web, env);
  await waitForHealth(APP_PORT, web);
  return {
    web,
    get worker() {
      return worker;
    },
    base: `http://127.0.0.1:${APP_PORT}`,
    async restartWorker() {
      await worker.stop();
      worker = await startNode("worker", BUILT.worker, env);
      return worker;
    },
  };
}

/** Signs in as the bench admin through the API; returns the session cookie. */
export async function adminCookie(base: string): Promise<string> {
  const login = await fetch(`${base}/api/v1/user/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  const cookie = login.headers.get("set-cookie")?.split(";")[0];
  if (!login.ok || !cookie) throw new Error(`admin login answered ${login.status}`);
  return cookie;
}

/** Waits until the bench queues have nothing waiting or running (e.g. the AVIF follow-ups after a seed). */
export async function waitForIdleQueues(timeoutMs = 5 * 60_000): Promise<void> {
  const { Queue } = await import("bullmq");
  const { QUEUE_NAMES } = await import("../app/modules/jobs/jobs.ts");
  const connection = { host: "127.0.0.1", port: 6379 };
  const url = new URL(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
  connection.host = url.hostname;
  connection.port = Number(url.port || 6379);
  const queues = [QUEUE_NAMES.image, QUEUE_NAMES.video].map((name) => new Queue(name, { connection, prefix: MAIN_DB }));
  try {
    const started = Date.now();
    for (;;) {
      let busy = 0;
      for (const queue of queues) {
        const counts = await queue.getJobCounts("active", "waiting", "prioritized", "delayed");
        busy += Object.values(counts).reduce((a, b) => a + b, 0);
      }
      if (!busy) return;
      if (Date.now() - started > timeoutMs) throw new Error(`queues still busy after ${timeoutMs / 1000} s (${busy} jobs)`);
      await sleep(200);
    }
  } finally {
    await Promise.all(queues.map((q) => q.close()));
  }
}

// Disposable services for the fault tests: a Redis and a MariaDB of their own, on free
// ports, that a test may kill and restart at will (the shared ones on 6379/3306 are
// never touched), and the app's own processes (worker, web server) as children.
// Everything started here is killed, and its files removed, by stopAllServices() —
// call it in afterAll — and, as a last resort, when the test process exits.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, promises as fs } from "node:fs";
import { createServer, Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import { createConnection } from "mysql2/promise";

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();

process.on("exit", () => {
  for (const child of children) if (isRunning(child)) child.kill("SIGKILL");
});

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Polls until check returns a truthy value; throws, naming what it waited for, after timeoutMs. */
export async function until<T>(check: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A TCP port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.connect(port, "127.0.0.1");
  });
}

export interface Spawned {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

/** Starts a child process that stopAllServices() will kill; its stdout and stderr are kept. */
export function spawnTracked(command: string, args: string[], env: Record<string, string | undefined> = process.env): Spawned {
  let output = "";
  const child = spawn(command, args, { env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-200_000)));
  child.stderr!.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-200_000)));
  children.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  return { child, exited, output: () => output };
}

/** Kills with SIGKILL and waits until the process is gone. */
export async function killNow(spawned: Spawned): Promise<void> {
  if (isRunning(spawned.child)) spawned.child.kill("SIGKILL");
  await spawned.exited;
}

/** The real worker process (`npm run worker` without NODE_ENV), with short lock and stall checks for tests. */
export function startWorkerProcess(env: Record<string, string> = {}): Spawned {
  return spawnTracked(process.execPath, ["--import", "tsx", "workers/index.ts"], {
    ...process.env,
    LOG_LEVEL: "info",
    WORKER_LOCK_MS: "3000",
    WORKER_STALLED_INTERVAL_MS: "1000",
    RECONCILE_EVERY_MS: "3600000",
    ...env,
  });
}

const BUILD_DIR = process.env.BUILD_DIR ?? "build";

/** The production build the web server runs; built here when missing (scripts/test.sh builds before the tests). */
export function ensureProductionBuild(): void {
  if (existsSync(path.join(BUILD_DIR, "server/web.js"))) return;
  const result = spawnSync("node_modules/.bin/remix", ["vite:build"], { env: { ...process.env, BUILD_DIR }, encoding: "utf8", timeout: 600_000 });
  if (result.status !== 0) throw new Error(`the production build failed: ${result.stderr || result.stdout}`);
}

export type WebProcess = Spawned & { port: number; base: string };

/**
 * The real web server (server/index.ts built as build/server/web.js) in production mode, on a
 * free port, once it answers /healthz; `env` adds settings or overrides these.
 */
export async function startWebProcess(env: Record<string, string>): Promise<WebProcess> {
  ensureProductionBuild();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const web = spawnTracked(process.execPath, [path.join(BUILD_DIR, "server/web.js")], {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    PUBLIC_URL: base,
    BUILD_DIR,
    LOG_LEVEL: "warn",
    ...env,
  });
  await until(async () => (await fetch(`${base}/healthz`).catch(() => null))?.ok, 60_000, `the web server: ${web.output()}`);
  return { ...web, port, base };
}

export interface DisposableService {
  port: number;
  /** kill -9, as a crash would. */
  kill(): Promise<void>;
  /** Starts it again on the same port (and, for MariaDB, the same data). */
  start(): Promise<void>;
}

/** A Redis of the test's own, without persistence: a restart loses every key, queued jobs included. */
export async function startRedis(): Promise<DisposableService & { url: string }> {
  const port = await freePort();
  let current: Spawned | undefined;
  const service = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      current = spawnTracked("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]);
      const spawned = current;
      await until(
        async () => {
          if (!isRunning(spawned.child)) throw new Error(`redis-server exited: ${spawned.output()}`);
          return accepts(port);
        },
        10_000,
        `redis-server on port ${port}`,
      );
    },
    async kill() {
      if (current) await killNow(current);
    },
  };
  await service.start();
  return service;
}

/** Runs a command to completion, throwing with its output when it fails. */
function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { encoding: "utf8", timeout: 60_000 });
  if (result.status !== 0) throw new Error(`${command} failed (${result.status ?? result.signal}): ${result.stderr || result.stdout}`);
}

/**
 * A MariaDB of the test's own: a fresh data directory (root, no password, over TCP),
 * on a free port. Runs as root, as the tests do on this machine and in CI.
 */
export async function startMariaDb(): Promise<DisposableService & { url: (database: string) => string; dataDir: string }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "dokra-faults-mariadb-"));
  tempDirs.add(dataDir);
  // A starting mariadbd (and the install's bootstrap one) deletes every #sql* file in its
  // tmpdir. Left at /tmp, that includes the temporary tables the shared server is using.
  const tmpDir = path.join(dataDir, "tmp");
  await fs.mkdir(tmpDir);
  run("mariadb-install-db", ["--no-defaults", `--datadir=${dataDir}`, `--tmpdir=${tmpDir}`, "--user=root", "--auth-root-authentication-method=normal", "--skip-test-db"]);
  const port = await freePort();
  let current: Spawned | undefined;
  const args = [
    "--no-defaults",
    `--datadir=${dataDir}`,
    `--tmpdir=${tmpDir}`,
    `--port=${port}`,
    "--bind-address=127.0.0.1",
    `--socket=${path.join(dataDir, "mysqld.sock")}`,
    `--pid-file=${path.join(dataDir, "mysqld.pid")}`,
    "--user=root",
    "--skip-name-resolve",
    "--innodb-buffer-pool-size=32M",
  ];
  const ready = async () => {
    try {
      const connection = await createConnection({ host: "127.0.0.1", port, user: "root", connectTimeout: 1_000 });
      await connection.query("SELECT 1");
      await connection.end();
      return true;
    } catch {
      if (current && !isRunning(current.child)) throw new Error(`mariadbd exited: ${current.output()}`);
      return false;
    }
  };
  const service = {
    port,
    dataDir,
    url: (database: string) => `mysql://root@127.0.0.1:${port}/${database}`,
    async start() {
      current = spawnTracked("/usr/sbin/mariadbd", args);
      await until(ready, 30_000, `mariadbd on port ${port}`);
    },
    async kill() {
      if (current) await killNow(current);
    },
  };
  await service.start();
  return service;
}

/** Kills every process started here and removes the disposable data directories. */
export async function stopAllServices(): Promise<void> {
  await Promise.all(
    [...children].map(async (child) => {
      if (!isRunning(child)) return;
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await gone;
    }),
  );
  for (const dir of tempDirs) await fs.rm(dir, { recursive: true, force: true });
  tempDirs.clear();
}

/** Every file under a folder, as relative paths, sorted (missing folder: none). */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

/**
 * After a crash and the recovery: every file under media/ is one a media row points to,
 * whole (its recorded size); and the reconcile's sweep, run with no grace period, finds
 * no orphaned derived file or original to remove (it does clear scratch a dead worker left).
 */
export async function expectEveryFileAccountedFor(): Promise<void> {
  const { expect } = await import("vitest");
  const { getDb } = await import("#db/index.ts");
  const { getDiskStorage } = await import("#app/modules/media/storage.server.ts");
  const { reconcile } = await import("#workers/reconcile.ts");
  const storage = getDiskStorage();
  const rows = await getDb().selectFrom("media").select(["variants"]).execute();
  const variants = rows.flatMap((r) => r.variants ?? []);
  expect(await filesUnder(storage.mediaDir)).toEqual([...new Set(variants.map((v) => v.path))].sort());
  for (const v of variants) expect((await fs.stat(path.join(storage.mediaDir, v.path))).size).toBe(v.bytes);
  const report = await reconcile(getDb(), storage, { requeueAfterMs: 3_600_000, fileGraceMs: 0 });
  expect([report.removedDerived, report.removedOriginals]).toEqual([0, 0]);
  expect(await filesUnder(storage.scratchDir)).toEqual([]);
}

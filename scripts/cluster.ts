// `npm run cluster`: the shape of a shop on several machines, on this one (docs/scaling.md).
// A local S3-compatible server (s3rver), two web processes and two workers, each with its own
// empty storage folder, on one database and one Redis; prints the two URLs. Ctrl-C stops all.
//   DATABASE_URL   default mysql://root@127.0.0.1:3306/dokra_cluster (migrated here)
//   CLUSTER_PORTS  default 3101,3102 (the two web processes)
//   CLUSTER_DIR    default a new folder under the system's temp folder
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { localS3Env, startLocalS3 } from "./local-s3.ts";

const databaseUrl = process.env.DATABASE_URL ?? "mysql://root@127.0.0.1:3306/dokra_cluster";
const ports = (process.env.CLUSTER_PORTS ?? "3101,3102").split(",").map(Number);
const buildDir = process.env.BUILD_DIR ?? "build";
const root = process.env.CLUSTER_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), "dokra-cluster-")));
if (ports.length !== 2 || ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65535)) {
  console.error(`CLUSTER_PORTS must be two ports, like 3101,3102 (got ${process.env.CLUSTER_PORTS})`);
  process.exit(1);
}

if (!existsSync(path.join(buildDir, "server/web.js"))) {
  console.log("[cluster] building the app (remix vite:build)…");
  const built = spawnSync("node_modules/.bin/remix", ["vite:build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
  if (built.status !== 0) process.exit(1);
}

process.env.DATABASE_URL = databaseUrl;
const { migrate } = await import("#db/migrate.ts");
await migrate(databaseUrl);
const { upsertAdmin } = await import("#app/modules/auth/users.server.ts");
const { getEnv } = await import("#app/env.server.ts");
const { closeDb } = await import("#db/index.ts");
await upsertAdmin(getEnv().ADMIN_EMAIL, getEnv().ADMIN_PASSWORD);
await closeDb();

const s3 = await startLocalS3({ directory: path.join(root, "s3"), bucket: "dokra-cluster", port: Number(process.env.CLUSTER_S3_PORT ?? 0) });
const shared: Record<string, string | undefined> = {
  ...process.env,
  ...localS3Env(s3),
  BUILD_DIR: buildDir,
  DATABASE_URL: databaseUrl,
  SESSION_SECRET: process.env.SESSION_SECRET ?? randomBytes(24).toString("hex"),
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
};

const children: ChildProcess[] = [];
let stopping = false;

async function run(name: string, script: string, env: Record<string, string>): Promise<void> {
  const storageDir = path.join(root, name);
  await fs.mkdir(storageDir, { recursive: true });
  const childEnv: NodeJS.ProcessEnv = { ...shared, ...env, NODE_ENV: "production", STORAGE_DIR: storageDir };
  // The production processes: built JavaScript beside the server build (vite.config.ts).
  const child = spawn(process.execPath, [path.join(buildDir, "server", script)], { env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on("line", (line) => console.log(`[${name}] ${line}`));
  }
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`[cluster] ${name} ended (${signal ?? `exit ${code}`}); stopping the cluster`);
    void stop(1);
  });
}

async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        }),
    ),
  );
  await s3.stop();
  process.exit(code);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));

const urls = ports.map((port) => `http://127.0.0.1:${port}`);
await Promise.all([
  run("web-1", "web.js", { PORT: String(ports[0]), PUBLIC_URL: urls[0]! }),
  run("web-2", "web.js", { PORT: String(ports[1]), PUBLIC_URL: urls[1]! }),
  run("worker-1", "worker.js", {}),
  run("worker-2", "worker.js", {}),
]);

async function healthy(url: string): Promise<void> {
  for (let waited = 0; waited < 120_000; waited += 250) {
    if ((await fetch(`${url}/healthz`).catch(() => null))?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not start within 2 minutes`);
}
await Promise.all(urls.map(healthy)).catch(async (error: unknown) => {
  console.error(`[cluster] ${(error as Error).message}`);
  await stop(1);
});
console.log(`[cluster] object store: ${s3.endpoint}/dokra-cluster (files in ${root})`);
console.log(`[cluster] web 1: ${urls[0]}`);
console.log(`[cluster] web 2: ${urls[1]}`);
console.log(`[cluster] ready: 2 web processes, 2 workers, one database (${new URL(databaseUrl).pathname.slice(1)}). Ctrl-C stops all.`);

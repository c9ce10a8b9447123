// Media pipeline benchmark: N generated 12-megapixel JPEGs uploaded through the real
// HTTP path (POST /api/v1/gallery/add → originals → MySQL → BullMQ → worker) until
// every record is ready, against one Node process with sharp making exactly the same
// variants from the same files, at the same concurrency, in the same run.
//
//   npm run build && node_modules/.bin/tsx bench/media.ts [N]
import { spawn, type ChildProcess } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";

const N = Number(process.argv[2] ?? 12);
const PORT = 3400;
const BASE = `http://127.0.0.1:${PORT}`;
const WORK = path.resolve(".data/bench-media");
const env = {
  ...process.env,
  NODE_ENV: "production" as const,
  PORT: String(PORT),
  PUBLIC_URL: BASE,
  DATABASE_URL: "mysql://root@127.0.0.1:3306/dokra_bench_media",
  QUEUE_PREFIX: "dokra_bench_media",
  STORAGE_DIR: path.join(WORK, "storage"),
  SESSION_SECRET: "bench-session-secret-not-for-production",
  LOG_LEVEL: "warn",
  ADMIN_EMAIL: "bench@dokra.local",
  ADMIN_PASSWORD: "bench-password-2026",
};
Object.assign(process.env, env);

const { renderDokraPicture } = await import("../db/seed/pictures.ts");
const { makeImageVariants } = await import("../workers/images.ts");
const { LocalDiskStorage } = await import("../app/modules/media/storage.server.ts");

function run(command: string, args: string[]): ChildProcess {
  return spawn(command, args, { env, stdio: ["ignore", "inherit", "inherit"] });
}

async function exec(command: string, args: string[]): Promise<void> {
  const child = run(command, args);
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} exited ${code}`);
}

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`${BASE}/healthz`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not come up");
}

await fs.rm(WORK, { recursive: true, force: true });
await fs.mkdir(path.join(WORK, "inputs"), { recursive: true });

console.log(`generating ${N} JPEGs of 4000×3000…`);
const files: string[] = [];
for (let i = 0; i < N; i++) {
  const file = path.join(WORK, "inputs", `photo-${i}.jpg`);
  await fs.writeFile(file, await renderDokraPicture(9000 + i, 4000, 3000));
  files.push(file);
}
const concurrency = Number(process.env.IMAGE_CONCURRENCY ?? 2);

// Baseline: sharp alone, the same function and options the worker uses for a gallery image.
const baselineStorage = new LocalDiskStorage(path.join(WORK, "baseline"));
await baselineStorage.ensureDirs();
let next = 0;
const baselineStart = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < files.length) await makeImageVariants(files[next++]!, baselineStorage, { og: false });
  }),
);
const baselineSeconds = (performance.now() - baselineStart) / 1000;

// Ours: the real server and worker processes on a fresh database and a fresh queue
// (job ids follow media ids, which restart with the database).
await exec("node_modules/.bin/tsx", ["scripts/reset-db.ts"]);
const { Redis } = await import("ioredis");
const redis = new Redis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
const stale = await redis.keys(`${env.QUEUE_PREFIX}:*`);
if (stale.length) await redis.del(...stale);
redis.disconnect();
await exec("node_modules/.bin/tsx", ["scripts/admin.ts", "create", env.ADMIN_EMAIL]);
const worker = run("node_modules/.bin/tsx", ["workers/index.ts"]);
const web = run("node_modules/.bin/tsx", ["server/index.ts"]);
let oursSeconds = NaN;
try {
  await waitForHealth();
  const login = await fetch(`${BASE}/api/v1/user/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
  });
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
  const start = performance.now();
  for (const file of files) {
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(await fs.readFile(file))], { type: "image/jpeg" }), path.basename(file));
    const response = await fetch(`${BASE}/api/v1/gallery/add`, { method: "POST", headers: { cookie }, body: form });
    if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  }
  for (;;) {
    const list = (await (await fetch(`${BASE}/api/v1/gallery/getAll`, { headers: { cookie } })).json()) as {
      data: { status: string }[];
    };
    const failed = list.data.filter((g) => g.status === "failed").length;
    if (failed) throw new Error(`${failed} uploads failed`);
    if (list.data.length === N && list.data.every((g) => g.status === "ready")) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  oursSeconds = (performance.now() - start) / 1000;
} finally {
  web.kill("SIGTERM");
  worker.kill("SIGTERM");
}

const baselineRate = N / baselineSeconds;
const oursRate = N / oursSeconds;
const ratio = oursRate / baselineRate;
const report = [
  `| measurement | ours | raw sharp | ratio | target |`,
  `|---|---|---|---|---|`,
  `| ${N} × 12 MP JPEG → WebP+JPEG ladder, placeholder, colour (concurrency ${concurrency}) | ${oursRate.toFixed(2)} images/s | ${baselineRate.toFixed(2)} images/s | ${ratio.toFixed(2)} | ≥ 0.90 ${ratio >= 0.9 ? "pass" : "FAIL"} |`,
  "",
  `${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}, ${new Date().toISOString()}`,
].join("\n");
console.log(`\n${report}`);
await fs.mkdir("bench", { recursive: true });
await fs.writeFile("bench/MEDIA.md", `# Media pipeline benchmark\n\n\`node_modules/.bin/tsx bench/media.ts ${N}\`\n\n${report}\n`);

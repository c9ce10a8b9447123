// Production's processes are built with the pages in one graph (vite.config.ts): the web server's
// Express layer and the Remix build it serves load the same module, so an error class, the
// storage and the logger exist once in the web process.
import { execFileSync } from "node:child_process";
import { promises as fs } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { getEnv } from "#app/env.server.ts";
import { getDb } from "#db/index.ts";
import { ensureProductionBuild } from "#tests/reliability/support-services.ts";

const serverDir = path.join(process.env.BUILD_DIR ?? "build", "server");
let sources: Map<string, string>;

beforeAll(async () => {
  ensureProductionBuild();
  const files = (await fs.readdir(serverDir, { recursive: true })).filter((f) => f.endsWith(".js"));
  sources = new Map(await Promise.all(files.map(async (f) => [f, await fs.readFile(path.join(serverDir, f), "utf8")] as const)));
}, 600_000);

it("builds the web server, the worker and the scripts npm start runs as JavaScript", () => {
  for (const name of ["web.js", "worker.js", "migrate.js", "seed.js", "supervise.js", "admin.js", "backup.js", "restore.js", "reset-db.js", "index.js"]) {
    expect(sources.has(name), name).toBe(true);
  }
  // The web server loads the server build beside it, not one named by a setting.
  expect(sources.get("web.js")).toMatch(/import\("\.\/index\.js"\)/);
});

it("defines each shared class once across the web server and the pages", () => {
  for (const definition of ["class HttpError extends Error", "class LocalDiskStorage", "class FileTooLargeError extends Error"]) {
    const holders = [...sources].filter(([, code]) => code.includes(definition)).map(([file]) => file);
    expect(holders, definition).toHaveLength(1);
    expect(holders[0], definition).toMatch(/^assets\//);
  }
});

it("migrates a new database with build/server/migrate.js (it ran nothing once the build shared its module with the restore command)", async () => {
  const url = new URL(getEnv().DATABASE_URL);
  const name = `${url.pathname.slice(1)}_migrated`;
  url.pathname = `/${name}`;
  try {
    const output = execFileSync(process.execPath, [path.join(serverDir, "migrate.js")], { env: { ...process.env, DATABASE_URL: url.toString() }, encoding: "utf8" });
    expect(output).toContain(`database migrated: ${name}`);
    const tables = await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ${name}`.execute(getDb());
    expect(tables.rows.map((row) => row.name)).toEqual(expect.arrayContaining(["products", "media", "kysely_migration"]));
  } finally {
    await sql`DROP DATABASE IF EXISTS ${sql.id(name)}`.execute(getDb());
  }
}, 60_000);

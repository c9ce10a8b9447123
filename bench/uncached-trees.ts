// The uncached pages of two or more trees of this app served side by side ("at least
// 4× today's throughput in the same run"). Each tree is a checkout with its own node_modules and
// build; each gets its own web process on the same seeded database with PAGE_CACHE=off, and the
// pages are loaded in turn (10 connections, as the issue measured), round after round, so every
// tree meets the same machine. Beside req/s: CPU per request of each web process and of MariaDB.
//
//   tsx bench/uncached-trees.ts LABEL=DIR[:BUILD_DIR] … [--rounds N] [--seconds N]
//   e.g. an earlier commit:  git archive 4dffa80 | tar -x -C .data/old-tree
//        (cd .data/old-tree && npm install --ignore-scripts && npx remix vite:build)
//        tsx bench/uncached-trees.ts then=.data/old-tree now=.:.data/build-bench
//   env: DATABASE_URL etc. of a seeded shop (bench/app.ts's benchEnv); ports from 3330 up.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { sleep } from "./app.ts";
import { cpuMs } from "./http.ts";
import { load } from "./load.ts";

const PAGES = ["/product/available-collection", "/product/wall-hanging/7", "/"];

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(args.splice(i, 2)[1]);
};
const rounds = option("rounds", 3);
const seconds = option("seconds", 6);
const trees = args.map((arg, i) => {
  const [label, where] = arg.split("=") as [string, string];
  const [cwd, buildDir = "build"] = where.split(":") as [string, string?];
  return { label, cwd, buildDir, port: 3330 + i };
});
if (trees.length < 2) throw new Error("give two trees or more: LABEL=DIR[:BUILD_DIR]");

const mariadb = Number(execFileSync("pidof", ["mariadbd"]).toString().trim().split(" ")[0]);
const servers: ChildProcess[] = trees.map(({ cwd, buildDir, port }) =>
  // A tree of this layout runs its built web.js (vite.config.ts); an older one its source through tsx.
  spawn("node", existsSync(path.join(cwd, buildDir, "server/web.js")) ? [path.join(buildDir, "server/web.js")] : ["--import", "tsx", "server/index.ts"], {
    cwd,
    env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, PAGE_CACHE: "off", LOG_LEVEL: "warn" },
    stdio: "ignore",
  }),
);
await sleep(6000);

console.log("| round | page | tree | req/s | p50 | web CPU/request | MariaDB CPU/request | errors |\n|---|---|---|---|---|---|---|---|");
for (let round = 1; round <= rounds; round++) {
  for (const page of PAGES) {
    for (const [i, tree] of trees.entries()) {
      const url = `http://127.0.0.1:${tree.port}${page}`;
      await load({ url, connections: 10, seconds: 1 });
      const web = await cpuMs(servers[i]!.pid!);
      const db = await cpuMs(mariadb);
      const result = await load({ url, connections: 10, seconds });
      const webSpent = (await cpuMs(servers[i]!.pid!)) - web;
      const dbSpent = (await cpuMs(mariadb)) - db;
      const perRequest = (ms: number) => `${(ms / result.requests).toFixed(2)} ms`;
      console.log(
        `| ${round} | \`${page}\` | ${tree.label} | ${result.rps.toFixed(0)} | ${result.p50.toFixed(1)} ms | ${perRequest(webSpent)} | ${perRequest(dbSpent)} | ${result.errors} |`,
      );
    }
  }
}
for (const server of servers) server.kill();
process.exit(0);

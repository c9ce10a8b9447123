// Keeps the web server and the media worker running under `npm start`: a process that
// dies is started again after a back-off (1 s, doubling to 30 s; back to 1 s once it has
// stayed up a minute), with a line saying how it ended. SIGINT/SIGTERM stop both: each
// gets SIGTERM to finish what it is doing, and SIGKILL if it is still there after 8 s.
//
//   node build/server/supervise.js   (built with the app: vite.config.ts)
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

interface Supervised {
  name: string;
  script: string;
  child?: ChildProcess;
  startedAt: number;
  backoffMs: number;
  restartTimer?: NodeJS.Timeout;
}

const FIRST_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 30_000;
const STABLE_AFTER_MS = 60_000;
const KILL_AFTER_MS = 8_000;

const processes: Supervised[] = [
  { name: "worker", script: "worker.js", startedAt: 0, backoffMs: FIRST_BACKOFF_MS },
  { name: "web", script: "web.js", startedAt: 0, backoffMs: FIRST_BACKOFF_MS },
];
/** The built processes sit beside this file in build/server/. */
const builtDir = path.dirname(fileURLToPath(import.meta.url));
let stopping = false;

const say = (message: string) => console.log(`[start] ${message}`);

function start(entry: Supervised): void {
  entry.startedAt = Date.now();
  // One node process per service on built JavaScript: the pid we watch is the one that works.
  const child = spawn(process.execPath, [path.join(builtDir, entry.script)], { stdio: "inherit" });
  entry.child = child;
  child.on("exit", (code, signal) => {
    entry.child = undefined;
    if (stopping) return maybeExit();
    if (Date.now() - entry.startedAt >= STABLE_AFTER_MS) entry.backoffMs = FIRST_BACKOFF_MS;
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    say(`${entry.name} (pid ${child.pid}) ${how}; restarting it in ${entry.backoffMs / 1000} s`);
    entry.restartTimer = setTimeout(() => {
      entry.restartTimer = undefined;
      if (!stopping) start(entry);
    }, entry.backoffMs);
    entry.backoffMs = Math.min(entry.backoffMs * 2, MAX_BACKOFF_MS);
  });
}

function maybeExit(): void {
  if (processes.every((entry) => !entry.child)) process.exit(0);
}

function stop(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  say(`${signal}: stopping the web server and the worker`);
  for (const entry of processes) {
    if (entry.restartTimer) clearTimeout(entry.restartTimer);
    entry.child?.kill("SIGTERM");
  }
  setTimeout(() => {
    for (const entry of processes) {
      if (!entry.child) continue;
      say(`${entry.name} (pid ${entry.child.pid}) still running after ${KILL_AFTER_MS / 1000} s: SIGKILL`);
      entry.child.kill("SIGKILL");
    }
  }, KILL_AFTER_MS).unref();
  maybeExit();
}

say(`Node.js ${process.version} (${process.execPath})`);
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
for (const entry of processes) start(entry);

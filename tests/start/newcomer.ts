// A newcomer's copy of the shop for the start test: the tree as it would be committed,
// in a temp folder, run with `npm start` in a process group of its own.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promises as fs, readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * Copies what `git add -A && git commit` would commit: tracked files plus untracked ones
 * not ignored. On CI's fresh clone that is exactly HEAD; locally it includes work not yet
 * committed, so the test checks the tree in front of you. Never node_modules, .env,
 * storage, build or .data (all ignored).
 */
export async function copyCommittedTree(from: string, to: string): Promise<number> {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: from, encoding: "utf8" });
  let copied = 0;
  for (const file of listed.split("\0").filter(Boolean)) {
    const source = path.join(from, file);
    const stat = await fs.lstat(source).catch(() => null);
    if (!stat?.isFile()) continue; // deleted in the work tree, or a submodule
    await fs.mkdir(path.dirname(path.join(to, file)), { recursive: true });
    await fs.copyFile(source, path.join(to, file));
    copied++;
  }
  return copied;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The environment of a newcomer's shell: none of the test runner's settings (NODE_ENV=test,
 * the outer npm's npm_* variables and node_modules/.bin on PATH), plus the shop's own.
 */
export function newcomerEnv(own: Record<string, string>): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {};
  const runner = /^(NODE_ENV|VITEST.*|npm_.*|INIT_CWD|TEST_.*|DATABASE_URL|QUEUE_PREFIX|STORAGE_DIR|PORT|PUBLIC_URL|SESSION_SECRET|LOG_LEVEL|NODE_OPTIONS)$/;
  for (const [key, value] of Object.entries(process.env)) if (!runner.test(key)) env[key] = value;
  env.PATH = (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((dir) => !dir.includes(`node_modules${path.sep}.bin`))
    .join(path.delimiter);
  return { ...env, ...own } as NodeJS.ProcessEnv;
}

export interface RunningStart {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the first match of `pattern` in the output; rejects if `npm start` ends first or after `timeoutMs`. */
  waitFor: (pattern: RegExp, timeoutMs: number) => Promise<RegExpMatchArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function npmStart(cwd: string, env: NodeJS.ProcessEnv, logFile: string): RunningStart {
  // detached: a process group of its own, as a terminal gives the command typed into it.
  const child = spawn("npm", ["start"], { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    void fs.appendFile(logFile, chunk);
    for (const listener of listeners) listener();
  };
  child.stdout!.on("data", append);
  child.stderr!.on("data", append);
  let ended = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => {
      ended = true;
      for (const listener of listeners) listener();
      resolve({ code, signal });
    }),
  );
  const waitFor = (pattern: RegExp, timeoutMs: number) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = output.match(pattern);
        if (match) return done(() => resolve(match));
        if (ended) done(() => reject(new Error(`npm start ended before printing ${pattern}:\n${output.slice(-4000)}`)));
      };
      const timer = setTimeout(() => done(() => reject(new Error(`no ${pattern} after ${timeoutMs} ms:\n${output.slice(-4000)}`))), timeoutMs);
      const done = (settle: () => void) => {
        clearTimeout(timer);
        listeners.delete(check);
        settle();
      };
      listeners.add(check);
      check();
    });
  return { child, output: () => output, waitFor, exited };
}

/**
 * The processes of a process group whose command line matches, without their children: a child
 * being started (ffmpeg from the worker) shows its parent's command line between fork and exec.
 */
export function servicesInGroup(pgid: number, command: RegExp): { pid: number; ppid: number; command: string }[] {
  const matching = processGroup(pgid).filter((p) => command.test(p.command));
  return matching.filter((p) => !matching.some((parent) => parent.pid === p.ppid));
}

/** The processes of a process group with their command lines (Linux /proc). */
export function processGroup(pgid: number): { pid: number; ppid: number; command: string }[] {
  const found: { pid: number; ppid: number; command: string }[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command (which may hold spaces) start at the last ")".
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid || fields[0] === "Z") continue;
      found.push({ pid: Number(entry), ppid: Number(fields[1]), command: readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ").trim() });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** True while the process exists and is not a zombie waiting for its parent. */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

export const uniqueSuffix = () => `${process.pid}_${randomBytes(3).toString("hex")}`;
export const tempFolder = (suffix: string) => path.join(os.tmpdir(), `dokra-start-${suffix}`);

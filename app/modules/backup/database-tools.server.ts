// The database's own tools: mariadb-dump (mysqldump where it is missing) to take a dump in
// one transaction, and the mariadb (mysql) client to load one. The password goes in a
// temporary option file (mode 600), never on the command line where `ps` shows it.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Transform, type Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";

export interface DatabaseAddress {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
}

export function databaseAddress(databaseUrl: string): DatabaseAddress {
  const url = new URL(databaseUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username || "root"),
    password: decodeURIComponent(url.password),
    database: decodeURIComponent(url.pathname.replace(/^\//, "")),
  };
}

/** Runs `work` with an option file holding the address and password, removed after. */
async function withOptionFile<T>(address: DatabaseAddress, work: (file: string) => Promise<T>): Promise<T> {
  const file = path.join(os.tmpdir(), `dokra-db-${randomUUID()}.cnf`);
  const quote = (value: string) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  const lines = ["[client]", `host=${quote(address.host)}`, `port=${address.port}`, `user=${quote(address.user)}`];
  if (address.password) lines.push(`password=${quote(address.password)}`);
  await fs.writeFile(file, `${lines.join("\n")}\n`, { mode: 0o600 });
  try {
    return await work(file);
  } finally {
    await fs.rm(file, { force: true });
  }
}

/** Starts the first of the tools that exists (mariadb-dump, then mysqldump). */
async function spawnFirst(tools: readonly string[], args: string[]): Promise<{ child: ChildProcess; tool: string }> {
  for (const tool of tools) {
    const child = spawn(tool, args, { stdio: ["pipe", "pipe", "pipe"] });
    const started = await new Promise<boolean>((resolve, reject) => {
      child.once("spawn", () => resolve(true));
      child.once("error", (error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? resolve(false) : reject(error)));
    });
    if (started) return { child, tool };
  }
  throw new Error(`None of ${tools.join(", ")} is installed: install the MariaDB (or MySQL) client tools.`);
}

/** Waits for the tool to exit; a non-zero exit fails with the tool's own last words. */
function finished(child: ChildProcess, tool: string): Promise<void> {
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  return new Promise((resolve, reject) => {
    child.once("close", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} failed (${signal ?? `exit ${code}`}): ${stderr.trim() || "no message"}`));
    });
  });
}

/**
 * The whole database as SQL, read in one consistent snapshot (--single-transaction) while the
 * shop keeps writing. `consume` reads the dump from the stream; both must finish.
 */
export async function dumpDatabase(address: DatabaseAddress, consume: (dump: Readable) => Promise<void>): Promise<string> {
  return withOptionFile(address, async (optionFile) => {
    const args = [
      `--defaults-extra-file=${optionFile}`,
      "--single-transaction",
      "--quick",
      "--routines",
      "--triggers",
      "--hex-blob",
      "--default-character-set=utf8mb4",
      "--skip-dump-date",
      address.database,
    ];
    const { child, tool } = await spawnFirst(["mariadb-dump", "mysqldump"], args);
    child.stdin!.end();
    const exit = finished(child, tool);
    try {
      await Promise.all([consume(child.stdout!), exit]);
    } catch (error) {
      child.kill("SIGKILL");
      throw error;
    }
    return tool;
  });
}

/** Whether the client tool that loads a dump (mariadb, else mysql) is installed. */
export async function hasClientTool(): Promise<boolean> {
  try {
    const { child, tool } = await spawnFirst(["mariadb", "mysql"], ["--version"]);
    child.stdout!.resume();
    await finished(child, tool);
    return true;
  } catch {
    return false;
  }
}

/** mariadb-dump 10.11.8 and later start a dump with this line; MySQL's client and older MariaDB ones refuse it (docs/operations.md). */
const SANDBOX_LINE = "/*M!999999\\- enable the sandbox mode */";

/** The dump passed through without its first line when that is the sandbox line. */
export function withoutSandboxLine(): Transform {
  let head: Buffer | null = Buffer.alloc(0);
  const isSandbox = (line: Buffer) => line.toString("utf8").trimEnd() === SANDBOX_LINE;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (head === null) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      const newline = head.indexOf(0x0a);
      if (newline === -1 && head.length <= SANDBOX_LINE.length + 8) return done();
      const rest = newline !== -1 && isSandbox(head.subarray(0, newline)) ? head.subarray(newline + 1) : head;
      head = null;
      done(null, rest);
    },
    flush(done) {
      done(null, head && !isSandbox(head) ? head : null);
    },
  });
}

/** Loads SQL into the database (which must exist) with the client tool; a failure says what the client said. */
export async function loadDatabase(address: DatabaseAddress, produce: (into: Writable) => Promise<void>): Promise<void> {
  await withOptionFile(address, async (optionFile) => {
    const args = [`--defaults-extra-file=${optionFile}`, "--default-character-set=utf8mb4", "--binary-mode", address.database];
    const { child, tool } = await spawnFirst(["mariadb", "mysql"], args);
    const exit = finished(child, tool);
    child.stdout!.resume();
    let feeding: Promise<unknown>;
    if (tool === "mariadb") feeding = produce(child.stdin!);
    else {
      const strip = withoutSandboxLine();
      feeding = Promise.all([produce(strip), pipeline(strip, child.stdin!)]);
    }
    const fed = await feeding.then(
      () => null,
      (error: NodeJS.ErrnoException) => error,
    );
    // The client then reads the end of its input and stops.
    if (fed) child.stdin!.destroy();
    const exited = await exit.then(
      () => null,
      (error: Error) => error,
    );
    // A client that stopped at an error broke the pipe: its own words say why.
    if (exited && (!fed || fed.code === "EPIPE" || fed.code === "ERR_STREAM_PREMATURE_CLOSE")) throw exited;
    if (fed) throw fed;
  });
}

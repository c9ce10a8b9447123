// The dump's first line, `/*M!999999\- enable the sandbox mode */` (mariadb-dump 10.11.8 and later),
// is refused by MySQL's client and older MariaDB ones: loading with one, the restore leaves it out.
import { execFileSync } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { pipeline } from "node:stream/promises";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { getEnv } from "#app/env.server.ts";
import { getDb } from "#db/index.ts";
import { databaseAddress, dumpDatabase, loadDatabase, withoutSandboxLine } from "./database-tools.server.ts";

const SANDBOX = "/*M!999999\\- enable the sandbox mode */ \n";
const through = async (chunks: string[]) => (await buffer(Readable.from(chunks.map((c) => Buffer.from(c))).pipe(withoutSandboxLine()))).toString();

const bin = await fs.mkdtemp(path.join(os.tmpdir(), "dokra-mysql-client-"));
const target = `${databaseAddress(getEnv().DATABASE_URL).database}_mysql`;
const path0 = process.env.PATH;

afterAll(async () => {
  process.env.PATH = path0;
  await sql`DROP DATABASE IF EXISTS ${sql.id(target)}`.execute(getDb());
  await fs.rm(bin, { recursive: true, force: true });
});

describe("the sandbox line", () => {
  it("is left out however the dump is cut into chunks, and only as the first line", async () => {
    expect(await through([SANDBOX, "CREATE TABLE t (a INT);\n"])).toBe("CREATE TABLE t (a INT);\n");
    expect(await through(["/*M!9999", "99\\- enable the sandbox mo", "de */ \nSELECT 1;\n"])).toBe("SELECT 1;\n");
    expect(await through(["-- MariaDB dump\n", SANDBOX])).toBe(`-- MariaDB dump\n${SANDBOX}`);
    expect(await through(["SELECT 1;"])).toBe("SELECT 1;");
    expect(await through([SANDBOX.trim()])).toBe("");
  });

  it("does not stop a dump from loading with a client named mysql that refuses it, as MySQL's does", async () => {
    const chunks: Buffer[] = [];
    await dumpDatabase(databaseAddress(getEnv().DATABASE_URL), async (dump) => {
      for await (const chunk of dump) chunks.push(chunk as Buffer);
    });
    const dump = Buffer.concat(chunks);
    expect(dump.toString("utf8", 0, SANDBOX.length)).toBe(SANDBOX);

    // The only client on the PATH: refuses the sandbox line, else is the real one.
    const [mariadb, cat] = ["mariadb", "cat"].map((tool) => execFileSync("sh", ["-c", `command -v ${tool}`]).toString().trim());
    const script = `#!/bin/sh\nIFS= read -r first\ncase "$first" in "/*M!999999"*) echo "ERROR at line 1: Unknown command '\\\\-'." >&2; exit 1;; esac\n{ printf '%s\\n' "$first"; ${cat}; } | exec ${mariadb} "$@"\n`;
    await fs.writeFile(path.join(bin, "mysql"), script, { mode: 0o755 });
    await sql`CREATE DATABASE ${sql.id(target)}`.execute(getDb());
    process.env.PATH = bin;
    try {
      await loadDatabase({ ...databaseAddress(getEnv().DATABASE_URL), database: target }, (into) => pipeline(Readable.from([dump]), into));
    } finally {
      process.env.PATH = path0;
    }
    const count = async (schema: string) =>
      Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = ${schema}`.execute(getDb())).rows[0]!.n);
    expect(await count(target)).toBe(await count(databaseAddress(getEnv().DATABASE_URL).database));
  }, 60_000);
});

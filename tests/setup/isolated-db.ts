// Vitest setup: every test file gets its own freshly migrated MySQL database, its own
// BullMQ key prefix and its own storage folder, all removed afterwards.
import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { createConnection } from "mysql2/promise";

const suffix = `${process.pid}_${randomBytes(3).toString("hex")}`;
const baseUrl = new URL(process.env.TEST_DATABASE_URL ?? "mysql://root@127.0.0.1:3306/");
const dbName = `dokra_test_${suffix}`;
const dbUrl = new URL(baseUrl);
dbUrl.pathname = `/${dbName}`;

process.env.NODE_ENV = "test";
process.env.DATABASE_URL = dbUrl.toString();
process.env.QUEUE_PREFIX = `dokra_test_${suffix}`;
process.env.STORAGE_DIR = path.join(os.tmpdir(), `dokra-test-${suffix}`);
process.env.LOG_LEVEL ??= "silent";

const { migrate } = await import("#db/migrate.ts");
await migrate(dbUrl.toString());

afterAll(async () => {
  const { closeDb } = await import("#db/index.ts");
  const { closeQueues } = await import("#app/modules/jobs/queue.server.ts");
  const { getRedis } = await import("#app/lib/redis.server.ts");
  await closeQueues();
  await closeDb();
  const redis = getRedis();
  const keys = await redis.keys(`${process.env.QUEUE_PREFIX}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  const admin = new URL(baseUrl);
  admin.pathname = "/";
  const connection = await createConnection({ uri: admin.toString() });
  await connection.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
  await connection.end();
  await fs.rm(process.env.STORAGE_DIR!, { recursive: true, force: true });
});

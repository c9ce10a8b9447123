// Two shops on one Redis, as two `npm start`s from two folders run them: each its own
// database and storage, neither setting QUEUE_PREFIX. Each worker must process its own
// shop's row 7, under the same job id, and never the other's.
import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Queue } from "bullmq";
import { createConnection } from "mysql2/promise";
import { afterAll, describe, expect, it } from "vitest";
import { keyPrefixForDatabase } from "#app/env.server.ts";
import { getRedis } from "#app/lib/redis.server.ts";
import { JOBS, QUEUE_NAMES, jobId } from "#app/modules/jobs/jobs.ts";
import { LocalDiskStorage } from "#app/modules/media/storage.server.ts";
import { createDb } from "#db/index.ts";
import { migrate } from "#db/migrate.ts";
import { startWorkerProcess, stopAllServices, until } from "#tests/reliability/support-services.ts";
import { makeJpeg } from "#tests/setup/fixtures.ts";

const ROW_ID = 7;
const suffix = randomBytes(3).toString("hex");
const databaseUrl = (name: string) => Object.assign(new URL(process.env.DATABASE_URL!), { pathname: `/${name}` }).toString();
const shops = ["a", "b"].map((letter) => {
  const url = databaseUrl(`${new URL(process.env.DATABASE_URL!).pathname.slice(1)}_${suffix}_${letter}`);
  return { url, prefix: keyPrefixForDatabase(url), storageDir: path.join(os.tmpdir(), `dokra-shop-${suffix}-${letter}`) };
});
const dbs = shops.map((shop) => createDb(shop.url, { connectionLimit: 2 }));

afterAll(async () => {
  await stopAllServices();
  const redis = getRedis();
  for (const [index, shop] of shops.entries()) {
    // Only this test's own keys, whatever the derivation returned.
    const keys = shop.prefix.endsWith(`_${suffix}_${"ab"[index]}`) ? await redis.keys(`${shop.prefix}:*`) : [];
    if (keys.length) await redis.del(...keys);
    await dbs[index]!.destroy();
    await fs.rm(shop.storageDir, { recursive: true, force: true });
  }
  const root = await createConnection({ uri: databaseUrl("") });
  for (const shop of shops) await root.query(`DROP DATABASE IF EXISTS \`${new URL(shop.url).pathname.slice(1)}\``);
  await root.end();
});

describe("two shops on one Redis", () => {
  it("derive different key prefixes from their databases", () => {
    expect(shops[0]!.prefix).toBe(`dokra:127.0.0.1:3306:${new URL(shops[0]!.url).pathname.slice(1)}`);
    expect(shops[0]!.prefix).not.toBe(shops[1]!.prefix);
  });

  it("each process their own job for a row with the same id, on their own database and files", async () => {
    for (const [index, shop] of shops.entries()) {
      await migrate(shop.url);
      const storage = new LocalDiskStorage(shop.storageDir);
      await storage.ensureDirs();
      const key = `shop-${index}.jpg`;
      await fs.writeFile(storage.originalPath(key), await makeJpeg(320, 240, index));
      await dbs[index]!.insertInto("media")
        .values({ id: ROW_ID, kind: "gallery_image", original_path: key, original_name: key, original_bytes: 1, mime_type: "image/jpeg" })
        .execute();
      // What the shop's web process does for a new upload: the same job id in both shops.
      const queue = new Queue(QUEUE_NAMES.image, { connection: getRedis(), prefix: shop.prefix });
      const name = "process-image";
      await queue.add(name, { mediaId: ROW_ID }, { ...JOBS[name].options, jobId: jobId(name, ROW_ID) });
      await queue.close();
    }
    const workers = shops.map((shop) =>
      startWorkerProcess({ DATABASE_URL: shop.url, STORAGE_DIR: shop.storageDir, QUEUE_PREFIX: "" }),
    );
    const rows = await Promise.all(
      dbs.map((db, index) =>
        until(async () => {
          const row = await db.selectFrom("media").selectAll().where("id", "=", ROW_ID).executeTakeFirstOrThrow();
          return row.status === "processing" ? null : row;
        }, 60_000, `shop ${index}'s row ${ROW_ID}`),
      ),
    );
    for (const [index, row] of rows.entries()) {
      expect([row.status, row.error, row.attempts]).toEqual(["ready", null, 1]);
      // Its files are in its own shop's storage: no other worker made them.
      for (const variant of row.variants!) await fs.access(path.join(new LocalDiskStorage(shops[index]!.storageDir).mediaDir, variant.path));
      expect(workers[index]!.output()).toContain(`"prefix":"${shops[index]!.prefix}"`);
    }
    // Different images, so different content-addressed files.
    expect(rows[0]!.variants![0]!.path).not.toBe(rows[1]!.variants![0]!.path);
  });
});

// The reconcile job's other duties against the real MySQL and Redis, with a storage that fails
// every call: the media reconcile fails (and the job with it, to be retried), but a waiting
// buyer's number past its days is still deleted, as the privacy policy promises.
import { afterAll, expect, it } from "vitest";
import { createRedis } from "#app/lib/redis.server.ts";
import { getDiskStorage, type MediaStorage } from "#app/modules/media/storage.server.ts";
import { KEEP_DAYS } from "#app/modules/waiting/text.ts";
import { signUpWaiting } from "#app/modules/waiting/waiting.server.ts";
import { getDb } from "#db/index.ts";
import { until } from "#tests/reliability/support-services.ts";
import { settingsFromEnv, startWorkers, type RunningWorkers } from "./runtime.ts";

const connection = createRedis("worker");
let running: RunningWorkers | undefined;

afterAll(async () => {
  await running?.close();
  await connection.quit();
});

/** The disk storage with every method throwing, as a store that has gone away does. */
const failingStorage = new Proxy(getDiskStorage(), {
  get(target, name, receiver) {
    const value = Reflect.get(target, name, receiver) as unknown;
    if (typeof value !== "function") return value;
    return () => {
      throw new Error("the store is away");
    };
  },
}) as MediaStorage;

it("deletes a waiting buyer's number past its days while the storage fails every call", async () => {
  const db = getDb();
  const sold = Number(
    (
      await db
        .insertInto("products")
        .values({ name: "Sold owl", description: "", category: "wall-hanging", price_fixed: 1000, price_discount: null, status: "ready", available: 1, state: "sold" })
        .executeTakeFirstOrThrow()
    ).insertId,
  );
  expect(await signUpWaiting("10.0.0.77", { productId: sold, phone: "+919830055555", name: null, consent: "on" })).toEqual({ ok: true });
  await db
    .updateTable("waiting_buyers")
    .set({ created_at: new Date(Date.now() - (KEEP_DAYS + 1) * 86_400_000) } as never)
    .where("product_id", "=", sold)
    .execute();

  running = await startWorkers({ db, storage: failingStorage, connection, prefix: process.env.QUEUE_PREFIX! }, settingsFromEnv({ RECONCILE_EVERY_MS: "500" }));
  await until(async () => (await db.selectFrom("waiting_buyers").select("id").where("product_id", "=", sold).execute()).length === 0, 20_000, "the expired number to be deleted");
});

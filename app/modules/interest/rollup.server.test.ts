import { randomUUID } from "node:crypto";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "#db/index.ts";
import { countInterest, countTap, interestRedis, recordPageHit, recordSearchResults } from "./counter.server.ts";
import { countsKey, movingKey, saltKey } from "./keys.server.ts";
import { dayEndsAt, interestDay, lastDays } from "./kinds.ts";
import { dailyRows, dailyTotals, pieceFigures, topPieces, zeroResultSearches } from "./report.server.ts";
import { rollUpInterest } from "./rollup.server.ts";

const db = getDb();
const redis = interestRedis();
const today = interestDay();
const PHONE_UA = "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const view = (productId: number | null, address = "203.0.113.7", extra: { search?: string } = {}) =>
  recordPageHit({ productId, preview: false, address, userAgent: PHONE_UA, ...extra });

async function figure(productId: number, metric: string, day = today): Promise<number> {
  const row = await db
    .selectFrom("interest_daily")
    .select("value")
    .where("day", "=", day)
    .where("product_id", "=", productId)
    .where("metric", "=", metric)
    .executeTakeFirst();
  return row?.value ?? 0;
}

beforeEach(async () => {
  await db.deleteFrom("interest_daily").execute();
  await db.deleteFrom("interest_searches").execute();
  await db.deleteFrom("interest_batches").execute();
  // The day's salt stays: this process keeps it for the day, as every web process does.
  const keys = (await redis.keys(`${process.env.QUEUE_PREFIX}:interest:*`)).filter((key) => !key.includes(":salt:"));
  if (keys.length) await redis.del(...keys);
});

afterAll(() => redis.disconnect());

describe("counting and the roll-up", () => {
  it("loses no count when many requests count at once, and counts previews apart from views", async () => {
    await Promise.all([
      ...Array.from({ length: 300 }, (_, i) => view(7, `198.51.100.${i % 40}`)),
      ...Array.from({ length: 25 }, () => recordPageHit({ productId: 7, preview: true, address: "192.0.2.1", userAgent: "WhatsApp/2.23.20.0 A" })),
      ...Array.from({ length: 40 }, () => countTap("buy", 7)),
    ]);
    await rollUpInterest();
    expect(await figure(7, "views")).toBe(300);
    expect(await figure(7, "previews")).toBe(25);
    expect(await figure(7, "tap_buy")).toBe(40);
    expect(await figure(0, "page_views")).toBe(300);
    // 40 addresses with one browser. A HyperLogLog is not exact even this small: two visitors
    // whose (daily salted) hashes fall in the same one of its 16384 registers count as one,
    // which at 40 happens on a few days in a hundred (13 of 400 sets of 40 in Redis read 38 or 39).
    // Within 2 of 40, not 300 (one per view) or 1.
    for (const productId of [7, 0]) expect(Math.abs((await figure(productId, "visitors")) - 40), `visitors of ${productId}`).toBeLessThanOrEqual(2);
  });

  it("writes a burst of page hits together, and a roll-up right after a hit counts it", async () => {
    const pipelines = vi.spyOn(redis, "pipeline");
    try {
      await Promise.all(Array.from({ length: 200 }, (_, i) => view(11, `198.51.100.${i % 20}`, { search: "hathi" })));
      // One pipeline for the 200 answers, not one each.
      expect(pipelines.mock.calls.length).toBe(1);
    } finally {
      pipelines.mockRestore();
    }
    // Not awaited: the owner's screen rolls up while the hit is still gathering.
    void view(12);
    await rollUpInterest();
    expect(await figure(11, "views")).toBe(200);
    expect(await figure(12, "views")).toBe(1);
    expect(await figure(0, "page_views")).toBe(201);
    expect(Math.abs((await figure(11, "visitors")) - 20)).toBeLessThanOrEqual(1);
  });

  it("never adds a batch twice: concurrent runs, a second run, and a run after a crash before the delete", async () => {
    await Promise.all(Array.from({ length: 50 }, () => countTap("similar", 3)));
    await Promise.all([rollUpInterest(), rollUpInterest(), rollUpInterest()]);
    await rollUpInterest();
    expect(await figure(3, "tap_similar")).toBe(50);

    // A run that committed its batch and died before deleting it from Redis.
    await countTap("similar", 3);
    const id = randomUUID();
    await redis.rename(countsKey(today), movingKey(today, id));
    await db.insertInto("interest_batches").values({ id }).execute();
    await db.updateTable("interest_daily").set({ value: 51 }).where("product_id", "=", 3).where("metric", "=", "tap_similar").execute();
    await rollUpInterest();
    expect(await figure(3, "tap_similar")).toBe(51);
    expect(await redis.exists(movingKey(today, id))).toBe(0);

    // A run that moved its batch and died before the transaction: the next run adds it.
    await countTap("similar", 3);
    await redis.rename(countsKey(today), movingKey(today, randomUUID()));
    await rollUpInterest();
    expect(await figure(3, "tap_similar")).toBe(52);
  });

  it("keeps counting into the same day after a roll-up", async () => {
    await view(9);
    await rollUpInterest();
    await view(9, "203.0.113.8");
    await countInterest("enquiry_add", 9);
    await rollUpInterest();
    expect(await figure(9, "views")).toBe(2);
    expect(await figure(9, "visitors")).toBe(2);
    expect(await figure(9, "enquiry_add")).toBe(1);
  });

  it("keeps no address: only a salted hash in a HyperLogLog, and a salt that ends with the day", async () => {
    const address = "203.0.113.250";
    await view(5, address);
    const ttl = await redis.pttl(saltKey(today));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(dayEndsAt(today) - Date.now() + 1000);
    for (const key of await redis.keys(`${process.env.QUEUE_PREFIX}:interest:*`)) {
      expect(key).not.toContain(address);
      const type = await redis.type(key);
      const raw = type === "hash" ? JSON.stringify(await redis.hgetall(key)) : type === "string" ? await redis.getBuffer(key) : null;
      if (raw) expect(raw.toString("latin1")).not.toContain(address);
    }
    await rollUpInterest();
    const stored = JSON.stringify([await db.selectFrom("interest_daily").selectAll().execute(), await db.selectFrom("interest_searches").selectAll().execute()]);
    expect(stored).not.toContain(address);
    expect(stored).not.toContain("Pixel");
  });

  it("lists searches whose latest result count is zero, normalised", async () => {
    await view(null, "203.0.113.1", { search: "brass owl" });
    await view(null, "203.0.113.2", { search: "brass owl" });
    await view(null, "203.0.113.3", { search: "dhokra horse" });
    await recordSearchResults("  Brass   OWL ", 0);
    await recordSearchResults("dhokra horse", 4);
    await rollUpInterest();
    expect(await zeroResultSearches(30)).toEqual([{ query: "brass owl", searches: 2 }]);
  });

  it("leaves out a search only a bot or link preview made: its page renders, but nobody searched", async () => {
    await recordPageHit({ productId: null, preview: true, address: "192.0.2.9", userAgent: "Googlebot/2.1", search: "cheap viagra" });
    await recordSearchResults("cheap viagra", 0);
    await view(null, "203.0.113.4", { search: "brass owl" });
    await recordSearchResults("brass owl", 0);
    await rollUpInterest();
    expect(await zeroResultSearches(30)).toEqual([{ query: "brass owl", searches: 1 }]);
  });

  it("reports top pieces with a daily series, totals per day, a piece's 30 days and the CSV rows", async () => {
    const yesterday = lastDays(2)[0]!;
    const noonYesterday = Date.parse(`${yesterday}T06:30:00Z`);
    await countTap("buy", 11, noonYesterday);
    await countTap("buy", 11);
    await countTap("buy", 11);
    await countTap("share", 12);
    await view(12);
    await rollUpInterest();
    const top = await topPieces(7, "taps");
    expect(top.map((piece) => [piece.productId, piece.total])).toEqual([
      [11, 3],
      [12, 1],
    ]);
    expect(top[0]!.series).toEqual([0, 0, 0, 0, 0, 1, 2]);
    expect((await topPieces(7, "views")).map((piece) => piece.productId)).toEqual([12]);
    const totals = await dailyTotals(7);
    expect(totals.map((day) => day.taps)).toEqual([0, 0, 0, 0, 0, 1, 3]);
    expect(totals.at(-1)).toMatchObject({ day: today, pageViews: 1, pieceViews: 1, visitors: 1 });
    expect((await pieceFigures([11, 12, 13])).get(11)).toEqual({ views: 0, taps: 3, enquiryAdds: 0, previews: 0 });
    expect((await pieceFigures([13])).get(13)).toEqual({ views: 0, taps: 0, enquiryAdds: 0, previews: 0 });
    const rows = await dailyRows(7);
    expect(rows.find((row) => row.day === yesterday && row.productId === 11)?.values).toEqual({ tap_buy: 1 });
    expect(rows.find((row) => row.day === today && row.productId === 11)?.values).toEqual({ tap_buy: 2 });
  });
});

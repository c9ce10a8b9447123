import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { interestRedis } from "#app/modules/interest/counter.server.ts";
import { interestDay } from "#app/modules/interest/kinds.ts";
import { rollUpInterest } from "#app/modules/interest/rollup.server.ts";
import { getDb } from "#db/index.ts";
import { countPageViews, pagePath, productIdOf, tapEndpoint } from "./interest.ts";

// The counting middleware and the tap endpoint over real HTTP, with real Redis and MySQL.

const PHONE_UA = "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const db = getDb();
let base = "";
let close: () => void = () => {};

beforeAll(async () => {
  const app = express();
  app.use(countPageViews());
  app.post("/interest/tap", tapEndpoint());
  app.get("*", (req, res) => {
    if (req.path.endsWith(".data")) res.type("text/x-script").send("[]");
    else res.type("html").send("<!DOCTYPE html><title>page</title>");
  });
  const server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => {
  close();
  interestRedis().disconnect();
});

beforeEach(async () => {
  await db.deleteFrom("interest_searches").execute();
  await db.deleteFrom("interest_daily").execute();
  await db.deleteFrom("interest_batches").execute();
});

async function figure(productId: number, metric: string): Promise<number> {
  await rollUpInterest();
  const row = await db
    .selectFrom("interest_daily")
    .select("value")
    .where("day", "=", interestDay())
    .where("product_id", "=", productId)
    .where("metric", "=", metric)
    .executeTakeFirst();
  return row?.value ?? 0;
}

describe("which requests are page views", () => {
  it("reads the page and the piece from the path", () => {
    expect(pagePath("/product/wall-hanging/42")).toBe("/product/wall-hanging/42");
    expect(pagePath("/product/wall-hanging/42.data")).toBe("/product/wall-hanging/42");
    expect(pagePath("/_root.data")).toBe("/");
    for (const path of ["/dashboard/interest", "/api/v1/products/getAllProducts", "/media/a.webp", "/assets/x.js", "/favicon.ico", "/interest/tap", "/feeds/google.xml"]) {
      expect(pagePath(path)).toBeNull();
    }
    expect(productIdOf("/product/wall-hanging/42")).toBe(42);
    expect(productIdOf("/product/wall-hanging/042")).toBeNull();
    expect(productIdOf("/search")).toBeNull();
  });
});

describe("counting over HTTP", () => {
  it("counts people's views, link previews apart, and sets no cookie", async () => {
    const get = (path: string, headers: Record<string, string>) => fetch(`${base}${path}`, { headers });
    const people = await Promise.all(Array.from({ length: 30 }, () => get("/product/idols/21", { "User-Agent": PHONE_UA })));
    const previews = await Promise.all(
      ["WhatsApp/2.23.20.0 A", "facebookexternalhit/1.1", "Twitterbot/1.0", "Slackbot-LinkExpanding 1.0", "TelegramBot (like TwitterBot)", ""].map((ua) =>
        get("/product/idols/21", { "User-Agent": ua }),
      ),
    );
    // Not a visit: a prefetch, the page's own data reloaded, and a page that is not there.
    await get("/product/idols/21", { "User-Agent": PHONE_UA, "Sec-Purpose": "prefetch" });
    await get("/product/idols/21.data", { "User-Agent": PHONE_UA, Referer: `${base}/product/idols/21` });
    await get("/product/idols/21.data", { "User-Agent": PHONE_UA, Referer: `${base}/product/idols` });
    await get("/product/idols/21?image=2", { "User-Agent": PHONE_UA, Referer: `${base}/product/idols/21` });
    for (const response of [...people, ...previews]) expect(response.headers.get("set-cookie")).toBeNull();
    await expect.poll(() => figure(21, "previews")).toBe(6);
    await expect.poll(() => figure(21, "views")).toBe(31);
    expect(await figure(21, "visitors")).toBe(1);
    expect(await figure(21, "views")).toBe(31);
  });

  it("counts a new search from the search page, not the page's own data reloaded", async () => {
    const get = (path: string, referer: string) => fetch(`${base}${path}`, { headers: { "User-Agent": PHONE_UA, Referer: `${base}${referer}` } });
    await get("/search.data?q=brass%20owl", "/search?q=lamp");
    await get("/search.data?q=brass%20owl&_routes=routes%2F_shop.search", "/search?q=brass+owl");
    await get("/search?q=Brass++Owl&page=2", "/search?q=brass+owl");
    await expect.poll(() => figure(0, "page_views")).toBe(2);
    const row = await db.selectFrom("interest_searches").select(["query", "searches"]).execute();
    expect(row).toEqual([{ query: "brass owl", searches: 1 }]);
  });

  it("counts every one of many concurrent taps (ping and beacon alike), and refuses unknown ones", async () => {
    const tap = (query: string, headers: Record<string, string> = {}) =>
      fetch(`${base}/interest/tap?${query}`, { method: "POST", headers: { "User-Agent": PHONE_UA, ...headers }, body: "PING" });
    const answers = await Promise.all([
      ...Array.from({ length: 60 }, () => tap("k=buy&p=8", { "Content-Type": "text/ping" })),
      ...Array.from({ length: 40 }, () => tap("k=buy&p=8", { "Content-Type": "text/plain;charset=UTF-8" })),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(204));
    expect(answers.every((a) => a.headers.get("set-cookie") === null)).toBe(true);
    // A link with no piece: the page it was on names it.
    expect((await tap("k=chat", { "Ping-From": `${base}/product/idols/8`, "Ping-To": "https://wa.me/919800000000" })).status).toBe(204);
    expect((await tap("k=steal&p=8")).status).toBe(400);
    expect((await tap("k=buy&p=08")).status).toBe(400);
    expect((await tap("k=buy&p=8", { "User-Agent": "Googlebot/2.1" })).status).toBe(204);
    await expect.poll(() => figure(8, "tap_buy")).toBe(100);
    expect(await figure(8, "tap_chat")).toBe(1);
  });
});

import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createUserSession } from "#app/modules/auth/auth.server.ts";
import { upsertAdmin } from "#app/modules/auth/users.server.ts";
import { closePublicVersion, readPublicVersion } from "#app/modules/site/public-version.server.ts";
import { PageCache } from "./page-cache.ts";
import { createCachedRequestHandler } from "./remix-handler.ts";

// The write gate, through the real handler, a real session in MySQL and the real version in
// Redis: a route whose action never asks who is signed in (it calls no getAdmin) still
// invalidates the cache when the admin sends it, and never when a guest does.

let written = 0;
const build = {
  mode: "production",
  entry: { module: { default: () => new Response("no documents here", { status: 500 }) } },
  routes: {
    root: { id: "root", path: "", module: {} },
    "routes/write": {
      id: "routes/write",
      parentId: "root",
      path: "write",
      module: { action: () => new Response(`write ${++written}`) },
    },
    "routes/public": {
      id: "routes/public",
      parentId: "root",
      path: "public",
      module: { loader: () => new Response(`written ${written} times`, { headers: { "Content-Type": "text/plain" } }) },
    },
  },
  assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {},
  isSpaMode: false,
} as unknown as ServerBuild;

let origin = "";
let server: ReturnType<express.Express["listen"]>;
let adminCookie = "";

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = "test-nonce";
    next();
  });
  app.all("*", createCachedRequestHandler({ build, mode: "production", cache: new PageCache() }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const admin = await upsertAdmin("gate@dokra.test", "correct-horse-battery");
  adminCookie = (await createUserSession(admin)).split(";")[0]!;
  // The version connection opens on first use and queues nothing: wait until it answers.
  await vi.waitFor(async () => expect(await readPublicVersion()).not.toBeNull(), { timeout: 10_000 });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await closePublicVersion();
});

async function publicPage(): Promise<{ cache: string | null; text: string }> {
  const response = await fetch(`${origin}/public`);
  return { cache: response.headers.get("x-cache"), text: await response.text() };
}

async function write(cookie?: string): Promise<number> {
  const response = await fetch(`${origin}/write`, { method: "POST", headers: cookie ? { Cookie: cookie } : {} });
  await response.text();
  return response.status;
}

describe("the write gate", () => {
  it("bumps the version for an admin's write through a route that never calls getAdmin", async () => {
    await publicPage();
    const before = await readPublicVersion();
    expect((await publicPage()).cache).toBe("HIT");

    expect(await write(adminCookie)).toBe(200);

    expect(await readPublicVersion()).toBeGreaterThan(before!);
    const after = await publicPage();
    expect(after.cache).toBe("MISS");
    expect(after.text).toBe(`written ${written} times`);
  });

  it("never bumps for a guest's write or a forged session cookie", async () => {
    await publicPage();
    const before = await readPublicVersion();
    expect((await publicPage()).cache).toBe("HIT");

    expect(await write()).toBe(200);
    expect(await write("__dokra_session=forged")).toBe(200);

    expect(await readPublicVersion()).toBe(before);
    expect((await publicPage()).cache).toBe("HIT");
  });
});

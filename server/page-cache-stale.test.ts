import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { tagRender } from "#app/lib/render-context.server.ts";
import { bumpPublicVersion, closePublicVersion, readPublicChanges, readPublicVersion } from "#app/modules/site/public-version.server.ts";
import { fakeServerBuild, listenWithCache } from "./fake-server-build.test-support.ts";
import { mayServeStale } from "./page-cache-freshness.ts";

// Stale while revalidate through the real handler and the real version in Redis: after a
// write that names a product, pages not showing it are served stale at once while one render
// refreshes them; pages showing it, and every page after a write that names nothing, are not.

const renders = { a: 0, b: 0 };
let release: (() => void) | undefined;
let gate: Promise<void> | undefined;

const route = (name: "a" | "b", product: number) => ({
  id: `routes/${name}`,
  parentId: "root",
  path: name,
  module: {
    loader: async () => {
      tagRender(`product:${product}`);
      const n = ++renders[name];
      if (gate) await gate;
      return new Response(`${name} render ${n}`, { headers: { "Content-Type": "text/plain", "Cache-Control": "public, no-cache" } });
    },
  },
});

const build = fakeServerBuild({ "routes/a": route("a", 1), "routes/b": route("b", 2) });

let origin = "";
/** A busy machine (CI under load) answers slowly: allow for it. */
const WAIT = { timeout: 15_000, interval: 50 };
let close: () => Promise<void>;

beforeAll(async () => {
  ({ origin, close } = await listenWithCache({ build, staleSeconds: 10, warmPages: 0 }));
  await vi.waitFor(async () => expect(await readPublicVersion()).not.toBeNull(), { timeout: 10_000 });
});

afterAll(async () => {
  await close();
  await closePublicVersion();
});

async function get(path: string): Promise<{ cache: string | null; text: string }> {
  const response = await fetch(`${origin}${path}`);
  return { cache: response.headers.get("x-cache"), text: await response.text() };
}

/** Both pages stored at the current version. */
async function bothHits(): Promise<void> {
  await vi.waitFor(async () => {
    await get("/a");
    await get("/b");
    expect([(await get("/a")).cache, (await get("/b")).cache]).toEqual(["HIT", "HIT"]);
  }, WAIT);
}

describe("after a write that names a product", () => {
  it("a page not showing it is served stale at once and refreshed by one render; a page showing it is rendered", async () => {
    await bothHits();
    const before = { ...renders };
    await bumpPublicVersion(["product:1"]);

    let releaseGate!: () => void;
    gate = new Promise((resolve) => (releaseGate = resolve));
    release = releaseGate;
    const stale = await Promise.all(Array.from({ length: 5 }, () => get("/b")));
    expect(stale.map((r) => r.cache)).toEqual(["STALE", "STALE", "STALE", "STALE", "STALE"]);
    expect(stale.every((r) => r.text === `b render ${before.b}`)).toBe(true);
    release();
    gate = undefined;
    await vi.waitFor(async () => expect((await get("/b")).cache).toBe("HIT"), WAIT);
    expect(renders.b).toBe(before.b + 1);
    expect((await get("/b")).text).toBe(`b render ${before.b + 1}`);

    const shown = await get("/a");
    expect(shown.cache).toBe("MISS");
    expect(shown.text).toBe(`a render ${before.a + 1}`);
  });

  it("concurrent misses of one URL wait for one render", async () => {
    await bothHits();
    const before = renders.a;
    await bumpPublicVersion(["product:1"]);
    const answers = await Promise.all(Array.from({ length: 8 }, () => get("/a")));
    expect(renders.a).toBe(before + 1);
    expect(answers.filter((r) => r.cache === "MISS")).toHaveLength(1);
    expect(new Set(answers.map((r) => r.text))).toEqual(new Set([`a render ${before + 1}`]));
  });
});

describe("never stale", () => {
  it("after a write that names nothing", async () => {
    await bothHits();
    const before = renders.b;
    await bumpPublicVersion();
    const fresh = await get("/b");
    expect(fresh.cache).toBe("MISS");
    expect(fresh.text).toBe(`b render ${before + 1}`);
  });

  it("longer than the bound after the write", async () => {
    await bothHits();
    await bumpPublicVersion(["product:9"]);
    const version = (await readPublicVersion())!;
    const [change] = (await readPublicChanges(version, version))!;
    const page = { version: version - 1, tags: ["product:2"] } as unknown as Parameters<typeof mayServeStale>[0];
    expect(await mayServeStale(page, version, 10_000, change!.at + 10_000)).toBe(true);
    expect(await mayServeStale(page, version, 10_000, change!.at + 10_001)).toBe(false);
    expect(await mayServeStale({ ...page, tags: ["product:9"] }, version, 10_000, change!.at)).toBe(false);
  });
});

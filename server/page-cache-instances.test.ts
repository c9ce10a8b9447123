import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getEnv } from "#app/env.server.ts";
import { createUserSession } from "#app/modules/auth/auth.server.ts";
import { upsertAdmin } from "#app/modules/auth/users.server.ts";
import { updateProduct } from "#app/modules/catalog/manage.server.ts";
import { productEditSchema } from "#app/modules/catalog/product-schema.ts";
import { closePublicVersion, listenForBumps, publicVersionKey, readPublicVersion } from "#app/modules/site/public-version.server.ts";
import { saveShopDetails, shopDetailsOf } from "#app/modules/site/settings.server.ts";
import { getDb } from "#db/index.ts";
import { spawnTracked, stopAllServices, until, type Spawned } from "#tests/reliability/support-services.ts";
import { fakeServerBuild, listenWithCache } from "./fake-server-build.test-support.ts";
import { instanceRoutes, newProduct } from "./page-cache-instance.test-support.ts";

// Two web instances over one database and one Redis, each with its own page cache: this test's
// process, and a second process. Each answers from the public version it last heard; a bump is
// announced on Redis, so a write through one shows on the other at once. The second instance
// trusts what it heard for far longer than the test waits: only the announcement can show it
// the write in time. This process trusts it for a second, so a bump whose announcement is lost
// still shows within that second.

const STALE_SECONDS = 10;
/** What "at once" allows for on a busy machine: far less than the second instance's held time. */
const AT_ONCE = { timeout: 5_000, interval: 50 };

let first = "";
let second = "";
let closeFirst: () => Promise<void>;
let other: Spawned;
let adminCookie = "";

const build = fakeServerBuild({
  ...instanceRoutes,
  "routes/rename": {
    id: "routes/rename",
    parentId: "root",
    path: "rename/:id/:name",
    module: { action: async ({ params }: { params: { id: string; name: string } }) => Response.json(await updateProduct(Number(params.id), productEditSchema.parse({ name: params.name }))) },
  },
});

beforeAll(async () => {
  listenForBumps(1_000);
  ({ origin: first, close: closeFirst } = await listenWithCache({ build, staleSeconds: STALE_SECONDS, warmPages: 0 }));
  other = spawnTracked(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "page-cache-instance.test-support.ts")], {
    ...process.env,
    HEARD_MS: "60000",
    STALE_SECONDS: String(STALE_SECONDS),
  });
  second = (await until(() => /instance listening on (\S+)/.exec(other.output())?.[1], 60_000, `the second instance: ${other.output()}`))!;
  const admin = await upsertAdmin("instances@dokra.test", "correct-horse-battery");
  adminCookie = (await createUserSession(admin, false)).split(";")[0]!;
  await vi.waitFor(async () => expect(await readPublicVersion()).not.toBeNull(), { timeout: 10_000 });
}, 90_000);

afterAll(async () => {
  other?.child.kill("SIGTERM");
  await stopAllServices();
  await closeFirst();
  await closePublicVersion();
});

async function text(origin: string, path: string): Promise<{ cache: string | null; text: string }> {
  const response = await fetch(`${origin}${path}`);
  return { cache: response.headers.get("x-cache"), text: await response.text() };
}

/** The page stored on both instances at the current version. */
async function hitsOnBoth(path: string, shows: string): Promise<void> {
  await vi.waitFor(async () => {
    for (const origin of [first, second]) {
      await text(origin, path);
      expect(await text(origin, path)).toEqual({ cache: "HIT", text: shows });
    }
  }, { timeout: 15_000, interval: 50 });
}

describe("two instances", () => {
  it("a product renamed through one shows on the other at once, and on the one written through on the next request", async () => {
    const id = await newProduct("Brass owl");
    await hitsOnBoth(`/piece/${id}`, "Brass owl");

    const renamed = await fetch(`${first}/rename/${id}/Brass%20peacock`, { method: "POST", headers: { Cookie: adminCookie } });
    expect(renamed.status, await renamed.text()).toBe(200);

    expect((await text(first, `/piece/${id}`)).text).toBe("Brass peacock");
    await vi.waitFor(async () => expect((await text(second, `/piece/${id}`)).text).toBe("Brass peacock"), AT_ONCE);
  });

  it("a Shop details save shows on both at once", async () => {
    await hitsOnBoth("/phone", `call ${shopDetailsOf(undefined).phone}`);

    await saveShopDetails({ ...shopDetailsOf(undefined), phone: "+91 94340 56789" });

    expect((await text(first, "/phone")).text).toBe("call +91 94340 56789");
    await vi.waitFor(async () => expect((await text(second, "/phone")).text).toBe("call +91 94340 56789"), AT_ONCE);
  });

  it("a bump whose announcement is lost is seen within the time a version is trusted", async () => {
    const id = await newProduct("Dokra horse");
    await hitsOnBoth(`/piece/${id}`, "Dokra horse");
    // Written and bumped as no module does: no change recorded, nothing announced.
    await getDb().updateTable("products").set({ name: "Dokra elephant" }).where("id", "=", id).execute();
    const redis = new Redis(getEnv().REDIS_URL);
    try {
      await redis.incr(publicVersionKey());
    } finally {
      redis.disconnect();
    }
    await vi.waitFor(async () => expect((await text(first, `/piece/${id}`)).text).toBe("Dokra elephant"), AT_ONCE);
  });
});

import { afterAll, describe, expect, it } from "vitest";
import { getRedis } from "#app/lib/redis.server.ts";
import { bumpPublicVersion, closePublicVersion, publicVersionKey, readPublicVersion } from "./public-version.server.ts";
import { readWhenConnected } from "./public-version.test-support.ts";

afterAll(async () => {
  await closePublicVersion();
});

describe("the public version", () => {
  it("lives under the run's key prefix and starts at a time-based number, not at 1", async () => {
    expect(publicVersionKey()).toBe(`${process.env.QUEUE_PREFIX}:public-version`);
    const first = await readWhenConnected();
    expect(first).toBeGreaterThan(1_600_000_000_000);
    expect(await readPublicVersion()).toBe(first);
  });

  it("moves on with every bump, as every other process sees it", async () => {
    const before = await readWhenConnected();
    expect(await bumpPublicVersion()).toBe(before + 1);
    expect(await bumpPublicVersion()).toBe(before + 2);
    expect(await readPublicVersion()).toBe(before + 2);
    expect(Number(await getRedis().get(publicVersionKey()))).toBe(before + 2);
  });

  it("restarts above every earlier number when the key is lost", async () => {
    const before = await readWhenConnected();
    await getRedis().del(publicVersionKey());
    const bumped = await bumpPublicVersion();
    const after = await readPublicVersion();
    expect(bumped).toBe(after);
    expect(after).not.toBeNull();
    expect(after!).toBeGreaterThan(1_600_000_000_000);
    expect(after).not.toBe(before);
  });
});

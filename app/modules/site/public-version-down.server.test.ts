import { afterAll, describe, expect, it } from "vitest";
import { allowErrorLogs } from "#tests/setup/unexpected-errors.ts";
import { bumpPublicVersion, closePublicVersion, openVersionConnection, readPublicVersion, setVersionConnection } from "./public-version.server.ts";

// A Redis that is not there (nothing listens on port 1), with the module's real connection settings.
setVersionConnection(openVersionConnection("redis://127.0.0.1:1"));

afterAll(async () => {
  await closePublicVersion();
});

describe("the public version without Redis", () => {
  it("reads as null instead of waiting, so pages render without the cache", async () => {
    expect(await readPublicVersion()).toBeNull();
  });

  it("reports a bump that could not land", async () => {
    allowErrorLogs(/could not bump the public version/);
    expect(await bumpPublicVersion()).toBeNull();
  });
});

// The address the throttles count: forwarded headers count only from proxies
// named in TRUST_PROXY (default: none). Real Express over real HTTP on loopback, configured
// by the same function and the same env parsing as server/index.ts.
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { parseEnv } from "#app/env.server.ts";
import { applyClientAddress } from "../../server/client-address.ts";

/** Starts an app configured from `env`, sends one request with the given headers, returns the address the app saw. */
async function addressSeen(env: Record<string, string>, headers: Record<string, string>): Promise<string> {
  const app = express();
  applyClientAddress(app, parseEnv(env).TRUST_PROXY);
  app.get("/", (req, res) => {
    res.send(String(req.headers["x-dokra-client-ip"]));
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await (await fetch(`http://127.0.0.1:${port}/`, { headers })).text();
  } finally {
    server.close();
  }
}

const FORGED = { "X-Forwarded-For": "203.0.113.97, 198.51.100.7", "x-dokra-client-ip": "203.0.113.99", Forwarded: "for=192.0.2.1" };

describe("TRUST_PROXY", () => {
  it("by default no proxy is trusted: X-Forwarded-For and a client's x-dokra-client-ip are ignored, even from loopback", async () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual([]);
    expect(await addressSeen({}, FORGED)).toBe("127.0.0.1");
  });

  it("from a configured proxy, the hop that proxy appended counts (and only that hop)", async () => {
    expect(await addressSeen({ TRUST_PROXY: "127.0.0.1" }, FORGED)).toBe("198.51.100.7");
    expect(await addressSeen({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.0/8" }, FORGED)).toBe("198.51.100.7");
    expect(await addressSeen({ TRUST_PROXY: "loopback" }, { "X-Forwarded-For": "198.51.100.8" })).toBe("198.51.100.8");
  });

  it("a proxy that is not the one connecting is not trusted", async () => {
    expect(await addressSeen({ TRUST_PROXY: "10.1.2.3" }, FORGED)).toBe("127.0.0.1");
  });

  it("a malformed setting stops the start with one clear line", () => {
    for (const bad of ["everyone", "300.1.1.1", "10.0.0.0/33", "true", "*"]) {
      expect(() => parseEnv({ TRUST_PROXY: bad })).toThrow(/^Invalid configuration: TRUST_PROXY /);
    }
  });
});

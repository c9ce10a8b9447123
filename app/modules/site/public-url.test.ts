import { describe, expect, it } from "vitest";
import { parseEnv } from "#app/env.server.ts";
import { publicUrlWarning } from "./public-url.ts";

const warningFor = (source: Record<string, string>) => publicUrlWarning(parseEnv(source).PUBLIC_URL);

describe("publicUrlWarning", () => {
  it("warns, naming the value and the page to set it on, when PUBLIC_URL is unset", () => {
    const warning = warningFor({ PORT: "3100" });
    expect(warning).toMatch(/^The shop's public address points at this machine \(http:\/\/localhost:3100\)/);
    expect(warning).toContain("in the dashboard's Shop details");
    expect(warning).not.toContain(".env");
  });

  it("says no address is set when a reachable one only stands in for it", () => {
    expect(publicUrlWarning("http://192.168.1.20:3000", false)).toContain("No public address is set yet (http://192.168.1.20:3000");
    expect(publicUrlWarning("http://192.168.1.20:3000", true)).toBeNull();
  });

  it.each(["http://localhost:3000", "http://LOCALHOST", "https://shop.localhost", "http://127.0.0.1:3000", "http://127.1.2.3", "http://0.0.0.0:3000", "http://[::1]:3000"])(
    "warns for %s, an address only this machine reaches",
    (value) => {
      expect(warningFor({ PUBLIC_URL: value })).toContain("public address points at this machine");
    },
  );

  it.each(["https://dokrashilpa.in", "http://192.168.1.20:3000", "http://10.0.0.5", "https://localhost-shop.example.in", "http://128.0.0.1"])(
    "says nothing for %s, an address visitors can reach",
    (value) => {
      expect(warningFor({ PUBLIC_URL: value })).toBeNull();
    },
  );
});

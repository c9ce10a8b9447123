import { describe, expect, it } from "vitest";
import { parseEnv } from "#app/env.server.ts";
import { publicUrlWarning } from "./public-url.ts";

const warningFor = (source: Record<string, string>) => publicUrlWarning(parseEnv(source).PUBLIC_URL);

describe("publicUrlWarning", () => {
  it("warns, naming the variable and the value, when PUBLIC_URL is unset", () => {
    const warning = warningFor({ PORT: "3100" });
    expect(warning).toMatch(/^PUBLIC_URL is unset or points at this machine \(http:\/\/localhost:3100\)/);
    expect(warning).toContain("Set PUBLIC_URL in .env");
  });

  it.each(["http://localhost:3000", "http://LOCALHOST", "https://shop.localhost", "http://127.0.0.1:3000", "http://127.1.2.3", "http://0.0.0.0:3000", "http://[::1]:3000"])(
    "warns for %s, an address only this machine reaches",
    (value) => {
      expect(warningFor({ PUBLIC_URL: value })).toContain("PUBLIC_URL is unset or points at this machine");
    },
  );

  it.each(["https://dokrashilpa.in", "http://192.168.1.20:3000", "http://10.0.0.5", "https://localhost-shop.example.in", "http://128.0.0.1"])(
    "says nothing for %s, an address visitors can reach",
    (value) => {
      expect(warningFor({ PUBLIC_URL: value })).toBeNull();
    },
  );
});

import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server.ts";

describe("configuration", () => {
  it("fills the documented defaults", () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBe("mysql://root@127.0.0.1:3306/dokra");
    expect(env.REDIS_URL).toBe("redis://127.0.0.1:6379");
    expect(env.PORT).toBe(3000);
    expect(env.STORAGE_DIR).toBe("./storage");
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
  });

  it("names the bad value in one line", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/^Invalid configuration: PORT /);
    expect(() => parseEnv({ DATABASE_URL: "postgres://x/y" })).toThrow(/^Invalid configuration: DATABASE_URL /);
    expect(() => parseEnv({ SHOP_WHATSAPP: "+91 98300" })).toThrow(/SHOP_WHATSAPP digits only/);
  });

  it("requires SESSION_SECRET in production only", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow("Invalid configuration: SESSION_SECRET is required in production");
    expect(parseEnv({ NODE_ENV: "development" }).SESSION_SECRET.length).toBeGreaterThan(16);
  });

  it.each(["server/index.ts", "workers/index.ts"])("%s stops at start-up with that one line", (entry) => {
    const result = spawnSync("node_modules/.bin/tsx", [entry], {
      env: { ...process.env, REDIS_URL: "not-a-url", NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^Invalid configuration: REDIS_URL /)]);
  });
});

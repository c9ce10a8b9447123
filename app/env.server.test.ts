import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { keyPrefixForDatabase, logLevelFromEnv, parseEnv } from "./env.server.ts";
import { ADMIN_PASSWORD_MIN_CHARS } from "./modules/auth/limits.ts";

describe("configuration", () => {
  it("fills the documented defaults", () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBe("mysql://root@127.0.0.1:3306/dokra");
    expect(env.REDIS_URL).toBe("redis://127.0.0.1:6379");
    expect(env.PORT).toBe(3000);
    expect(env.STORAGE_DIR).toBe("./storage");
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
  });

  it("keeps media on the disk by default and checks the S3 settings when asked for them", () => {
    expect(parseEnv({}).STORAGE_DRIVER).toBe("disk");
    expect(() => parseEnv({ STORAGE_DRIVER: "ftp" })).toThrow(/^Invalid configuration: STORAGE_DRIVER /);
    expect(() => parseEnv({ STORAGE_DRIVER: "s3" })).toThrow("Invalid configuration: S3_BUCKET is required when STORAGE_DRIVER=s3");
    expect(() => parseEnv({ STORAGE_DRIVER: "s3", S3_BUCKET: "Dokra_Media" })).toThrow(/^Invalid configuration: S3_BUCKET must be a bucket name/);
    expect(() => parseEnv({ STORAGE_DRIVER: "s3", S3_BUCKET: "dokra", S3_ACCESS_KEY_ID: "key" })).toThrow(/S3_SECRET_ACCESS_KEY and S3_ACCESS_KEY_ID go together/);
    expect(() => parseEnv({ S3_ENDPOINT: "minio:9000" })).toThrow(/^Invalid configuration: S3_ENDPOINT /);
    const s3 = parseEnv({ STORAGE_DRIVER: "s3", S3_BUCKET: "dokra", S3_FORCE_PATH_STYLE: "true", MEDIA_PUBLIC_URL: "https://cdn.example.com/media/" });
    expect([s3.S3_REGION, s3.S3_FORCE_PATH_STYLE, s3.MEDIA_PUBLIC_URL]).toEqual(["us-east-1", true, "https://cdn.example.com/media"]);
  });

  it("asks of ADMIN_PASSWORD the length the admin CLI asks (app/modules/auth/limits.ts)", () => {
    const short = "x".repeat(ADMIN_PASSWORD_MIN_CHARS - 1);
    expect(() => parseEnv({ ADMIN_PASSWORD: short })).toThrow(/^Invalid configuration: ADMIN_PASSWORD /);
    expect(parseEnv({ ADMIN_PASSWORD: `${short}x` }).ADMIN_PASSWORD).toBe(`${short}x`);
    expect(ADMIN_PASSWORD_MIN_CHARS).toBe(10);
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

describe("the Redis key prefix", () => {
  it("is derived from the database unless QUEUE_PREFIX is set", () => {
    expect(parseEnv({}).QUEUE_PREFIX).toBe("dokra:127.0.0.1:3306:dokra");
    const prefixes = ["mysql://root@127.0.0.1:3306/shop_a", "mysql://root@127.0.0.1:3306/shop_b", "mysql://root@127.0.0.1:3307/shop_a", "mysql://u:p@db.local/shop_a"].map(
      (url) => parseEnv({ DATABASE_URL: url }).QUEUE_PREFIX,
    );
    expect(prefixes).toEqual(["dokra:127.0.0.1:3306:shop_a", "dokra:127.0.0.1:3306:shop_b", "dokra:127.0.0.1:3307:shop_a", "dokra:db.local:3306:shop_a"]);
    expect(parseEnv({ DATABASE_URL: "mysql://root@127.0.0.1:3306/shop_a", QUEUE_PREFIX: "mine" }).QUEUE_PREFIX).toBe("mine");
  });

  it("keeps glob characters out of a derived prefix", () => {
    expect(keyPrefixForDatabase("mysql://root@[::1]:3306/shop*1")).toBe("dokra:___1_:3306:shop_1");
  });
});

describe("process settings", () => {
  it("refuses a bad value instead of falling back", () => {
    expect(() => parseEnv({ IMAGE_CONCURRENCY: "two" })).toThrow(/^Invalid configuration: IMAGE_CONCURRENCY /);
    expect(() => parseEnv({ RECONCILE_EVERY_MS: "-5" })).toThrow(/^Invalid configuration: RECONCILE_EVERY_MS /);
    expect(() => parseEnv({ DB_LOG_ERRORS: "maybe" })).toThrow(/^Invalid configuration: DB_LOG_ERRORS /);
    expect(parseEnv({ WORKER_LOCK_MS: "3000" }).WORKER_LOCK_MS).toBe(3000);
  });
});

describe("the log level", () => {
  it("defaults by NODE_ENV, and a bad value is refused by the configuration", () => {
    expect(parseEnv({}).LOG_LEVEL).toBe("info");
    expect(parseEnv({ NODE_ENV: "test" }).LOG_LEVEL).toBe("warn");
    expect(parseEnv({ NODE_ENV: "test", LOG_LEVEL: "debug" }).LOG_LEVEL).toBe("debug");
    expect(() => parseEnv({ LOG_LEVEL: "loud" })).toThrow(/^Invalid configuration: LOG_LEVEL /);
  });

  it("reaches the logger before the configuration is checked: a bad value gives the default there", () => {
    expect(logLevelFromEnv({ LOG_LEVEL: "error" })).toBe("error");
    expect(logLevelFromEnv({ NODE_ENV: "test", LOG_LEVEL: "" })).toBe("warn");
    expect(logLevelFromEnv({ LOG_LEVEL: "loud", NODE_ENV: "production" })).toBe("info");
  });
});

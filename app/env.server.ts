import { z } from "zod";

const url = (protocols: string[]) =>
  z.url({ protocol: new RegExp(`^(${protocols.join("|")})$`) });

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: url(["mysql"]).default("mysql://root@127.0.0.1:3306/dokra"),
    REDIS_URL: url(["redis", "rediss"]).default("redis://127.0.0.1:6379"),
    /** Prefix of every BullMQ key, so test runs never share queues. */
    QUEUE_PREFIX: z.string().regex(/^[a-z0-9_-]+$/i).default("dokra"),
    SESSION_SECRET: z.string().min(16).optional(),
    STORAGE_DIR: z.string().min(1).default("./storage"),
    PUBLIC_URL: url(["http", "https"]).optional(),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** The in-process cache of anonymous storefront pages; "off" renders every request (benchmarks). */
    PAGE_CACHE: z.enum(["on", "off"]).default("on"),
    /**
     * A connection that sends nothing for this long is closed, a stalled upload with it.
     * There is no limit on a whole request: a phone on a slow line may take many minutes
     * to send a video, as long as it keeps sending.
     */
    HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Where contact messages are forwarded (a form service); unset keeps them only in the database. */
    CONTACT_FORWARD_URL: url(["http", "https"]).optional(),

    ADMIN_EMAIL: z.email().default("admin@dokra.local"),
    ADMIN_PASSWORD: z.string().min(8).default("dokra-admin-2026"),

    SHOP_NAME: z.string().min(1).default("Dokra Shilpa Kendra"),
    SHOP_PHONE: z.string().regex(/^\+?[0-9 ()-]{7,20}$/).default("+91 98300 12345"),
    SHOP_WHATSAPP: z.string().regex(/^[0-9]{8,15}$/, "digits only, with country code").default("919830012345"),
    SHOP_EMAIL: z.email().default("hello@dokrashilpa.in"),
    SHOP_ADDRESS_LINE: z.string().min(1).default("Dariyapur, Purba Bardhaman, West Bengal"),
    SHOP_WORKS_ADDRESS: z
      .string()
      .min(1)
      .default("Dariyapur Dokra Village, P.O. Dariyapur, P.S. Aushgram, Dist. Purba Bardhaman, PIN 713147, West Bengal"),
    SHOP_SHOWROOM_ADDRESS: z
      .string()
      .min(1)
      .default("Bikna Shilpa Gram, P.O. Keshra, P.S. Bankura Sadar, Dist. Bankura, PIN 722155, West Bengal"),
    SHOP_MAP_QUERY: z.string().min(1).default("Dariyapur Dokra Village, Purba Bardhaman"),
    SOCIAL_INSTAGRAM: url(["https"]).default("https://www.instagram.com/dokrashilpa"),
    SOCIAL_FACEBOOK: url(["https"]).default("https://www.facebook.com/dokrashilpa"),
    SOCIAL_YOUTUBE: url(["https"]).default("https://www.youtube.com/@dokrashilpa"),
    SOCIAL_X: url(["https"]).default("https://x.com/dokrashilpa"),
  })
  .superRefine((value, ctx) => {
    if (value.NODE_ENV === "production" && !value.SESSION_SECRET) {
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required in production" });
    }
  })
  .transform((value) => ({
    ...value,
    SESSION_SECRET: value.SESSION_SECRET ?? "dev-only-session-secret-not-for-production",
    PUBLIC_URL: (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, ""),
  }));

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings count as unset, as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    throw new EnvError(`Invalid configuration: ${name} ${issue.message}`);
  }
  return result.data;
}

let cached: Env | undefined;

/** The validated configuration; parsed on first use and kept. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** For process entry points: validate now, or print one clear line and exit. */
export function loadEnvOrExit(): Env {
  try {
    return getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

import { isIP } from "node:net";
import { z } from "zod";
import { ADMIN_PASSWORD_MIN_CHARS } from "./modules/auth/limits.ts";

const url = (protocols: string[]) =>
  z.url({ protocol: new RegExp(`^(${protocols.join("|")})$`) });

function isProxyAddress(entry: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

const positiveInt = z.coerce.number().int().min(1);

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
const logLevel = z.enum(LOG_LEVELS).optional();
const nodeEnv = z.enum(["development", "production", "test"]).default("development");
/** Unset, tests log warnings and errors only; everything else logs from info up. */
const defaultLogLevel = (mode: z.infer<typeof nodeEnv>): LogLevel => (mode === "test" ? "warn" : "info");

/** Process tunables (tests shorten them); unset, each keeps the default where it is used. */
const RUNTIME_SETTINGS = {
  IMAGE_CONCURRENCY: positiveInt.max(64).optional(),
  WORKER_LOCK_MS: positiveInt.optional(),
  WORKER_STALLED_INTERVAL_MS: positiveInt.optional(),
  RECONCILE_EVERY_MS: positiveInt.optional(),
  RECONCILE_REQUEUE_AFTER_MS: positiveInt.optional(),
  RECONCILE_FILE_GRACE_MS: positiveInt.optional(),
  VIDEO_MAX_DURATION_MS: positiveInt.optional(),
  FFMPEG_PATH: z.string().min(1).default("/usr/bin/ffmpeg"),
  FFPROBE_PATH: z.string().min(1).default("/usr/bin/ffprobe"),
  /** Where `remix vite:build` wrote the app (the web server in production). */
  BUILD_DIR: z.string().min(1).default("build"),
  /** Print every failed SQL statement's error (debugging). */
  DB_LOG_ERRORS: z.stringbool().default(false),
};

const envSchema = z
  .object({
    ...RUNTIME_SETTINGS,
    NODE_ENV: nodeEnv,
    DATABASE_URL: url(["mysql"]).default("mysql://root@127.0.0.1:3306/dokra"),
    REDIS_URL: url(["redis", "rediss"]).default("redis://127.0.0.1:6379"),
    /** Prefix of every Redis key (queues, page-cache version, throttles); unset: derived from DATABASE_URL. */
    QUEUE_PREFIX: z.string().regex(/^[a-z0-9_.:-]+$/i).optional(),
    SESSION_SECRET: z.string().min(16).optional(),
    STORAGE_DIR: z.string().min(1).default("./storage"),
    /** Where media files live: "disk" (STORAGE_DIR) or "s3" (the S3_* bucket; STORAGE_DIR then only holds scratch files). */
    STORAGE_DRIVER: z.enum(["disk", "s3"]).default("disk"),
    /** The S3-compatible endpoint (MinIO, R2, …); unset for AWS itself. */
    S3_ENDPOINT: url(["http", "https"]).optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)").optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Bucket in the path (http://host/bucket/key), as MinIO and most local stores need. */
    S3_FORCE_PATH_STYLE: z.stringbool().default(false),
    /** Where pages link derived media (a CDN or the bucket's media/ prefix); unset: /media/* on this server. */
    MEDIA_PUBLIC_URL: url(["http", "https"]).optional(),
    PUBLIC_URL: url(["http", "https"]).optional(),
    /**
     * The host names this shop answers to (comma-separated; a request for another Host gets 400,
     * server/request-limits.ts). Unset: PUBLIC_URL's host, and in development this machine's names;
     * in production with neither set, any Host is served but none is trusted in links.
     */
    ALLOWED_HOSTS: z
      .string()
      .optional()
      .transform((list) => list?.split(",").map((entry) => entry.trim().toLowerCase()).filter(Boolean))
      .pipe(z.array(z.string().regex(/^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/, "must list host names without ports")).optional()),
    /** Where backups go (app/modules/backup/): this folder, unless BACKUP_S3_BUCKET is set. */
    BACKUP_DIR: z.string().min(1).default(".data/backups"),
    /** An S3-compatible bucket for backups (the S3_ENDPOINT, S3_REGION and keys of the media store are used). */
    BACKUP_S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)").optional(),
    /** Backups go under this prefix of BACKUP_S3_BUCKET. */
    BACKUP_S3_PREFIX: z.string().regex(/^([A-Za-z0-9._-]+\/)*$/, "must be folder names ending in / (or empty)").default("backups/"),
    /** The hour of the day (0-23, the server's time zone) the worker makes the daily backup. */
    BACKUP_HOUR: z.coerce.number().int().min(0).max(23).default(3),
    /** How many daily and weekly backups are kept (the newest of each day, and of each week). */
    BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).max(365).default(7),
    BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(520).default(4),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** The in-process cache of anonymous storefront pages; "off" renders every request (benchmarks). */
    PAGE_CACHE: z.enum(["on", "off"]).default("on"),
    /** After a write, an outdated page may be served this long while one render refreshes it (0: never). */
    PAGE_CACHE_STALE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
    /** After a write, this many of the last hour's most-asked pages are re-rendered in the background. */
    PAGE_CACHE_WARM_PAGES: z.coerce.number().int().min(0).max(500).default(50),
    /** Counting page views for the owner's interest figures (server/interest.ts); "off" only to measure its cost. */
    INTEREST_COUNTING: z.enum(["on", "off"]).default("on"),
    /**
     * A connection that sends nothing for this long is closed, a stalled upload with it.
     * There is no limit on a whole request: a phone on a slow line may take many minutes
     * to send a video, as long as it keeps sending.
     */
    HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** A form post or API call that is not an upload must arrive whole within this (server/request-limits.ts). */
    HTTP_FORM_BODY_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
    LOG_LEVEL: logLevel,
    /** Where contact messages are forwarded (a form service); unset keeps them only in the database. */
    CONTACT_FORWARD_URL: url(["http", "https"]).optional(),

    /** Reverse proxies whose X-Forwarded-For is believed (addresses, CIDR ranges or Express's names); none by default. */
    TRUST_PROXY: z
      .string()
      .default("")
      .transform((list) => list.split(",").map((entry) => entry.trim()).filter(Boolean))
      .pipe(z.array(z.string().refine(isProxyAddress, "must list IP addresses, CIDR ranges, loopback, linklocal or uniquelocal"))),

    ADMIN_EMAIL: z.email().default("admin@dokra.local"),
    ADMIN_PASSWORD: z.string().min(ADMIN_PASSWORD_MIN_CHARS).default("dokra-admin-2026"),

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
    if (value.STORAGE_DRIVER === "s3" && !value.S3_BUCKET) {
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required when STORAGE_DRIVER=s3" });
    }
    if (value.BACKUP_S3_BUCKET && value.BACKUP_S3_BUCKET === value.S3_BUCKET && ["media", "originals", ""].includes(value.BACKUP_S3_PREFIX.split("/")[0]!)) {
      ctx.addIssue({ code: "custom", path: ["BACKUP_S3_PREFIX"], message: "must be a prefix of its own when backups share the media bucket (not media/ or originals/)" });
    }
    if (Boolean(value.S3_ACCESS_KEY_ID) !== Boolean(value.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: "custom", path: ["S3_SECRET_ACCESS_KEY"], message: "and S3_ACCESS_KEY_ID go together: set both or neither" });
    }
  })
  .transform((value) => ({
    ...value,
    SESSION_SECRET: value.SESSION_SECRET ?? "dev-only-session-secret-not-for-production",
    PUBLIC_URL: (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, ""),
    /** Whether PUBLIC_URL was set, not defaulted: only then is it an address visitors use. */
    PUBLIC_URL_SET: value.PUBLIC_URL !== undefined,
    ALLOWED_HOSTS: allowedHosts(value),
    QUEUE_PREFIX: value.QUEUE_PREFIX ?? keyPrefixForDatabase(value.DATABASE_URL),
    MEDIA_PUBLIC_URL: value.MEDIA_PUBLIC_URL?.replace(/\/+$/, ""),
    LOG_LEVEL: value.LOG_LEVEL ?? defaultLogLevel(value.NODE_ENV),
  }));

/**
 * The default Redis key prefix: the database's address, readable (`dokra:127.0.0.1:3306:dokra`).
 * Two shops on one Redis then never share queues, cache versions or throttles
 * (docs/decisions/031-one-redis-many-shops.md).
 */
export function keyPrefixForDatabase(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  // Only characters that are plain in Redis keys and SCAN patterns (no `*?[]`, no `:` inside a part).
  const plain = (part: string) => decodeURIComponent(part).replace(/[^A-Za-z0-9._-]/g, "_");
  return ["dokra", plain(url.hostname), url.port || "3306", plain(url.pathname.slice(1))].join(":");
}

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/** ALLOWED_HOSTS and PUBLIC_URL's host; in production with neither set, null: any Host is served. */
function allowedHosts(value: { ALLOWED_HOSTS?: string[]; PUBLIC_URL?: string; NODE_ENV: string }): string[] | null {
  const publicHost = value.PUBLIC_URL ? [new URL(value.PUBLIC_URL).hostname.toLowerCase()] : [];
  if (!value.ALLOWED_HOSTS && publicHost.length === 0 && value.NODE_ENV === "production") return null;
  return [...(value.ALLOWED_HOSTS ?? []), ...publicHost];
}

/** A host name as the lists hold it: lower case, without the root's trailing dot. */
export function plainHostName(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, "");
}

/** Whether `hostname` (no port) is one the shop answers to; this machine's own names always are. */
export function isAcceptedHost(env: Pick<Env, "ALLOWED_HOSTS">, hostname: string): boolean {
  const name = plainHostName(hostname);
  if (LOOPBACK_HOSTS.includes(name)) return true;
  return env.ALLOWED_HOSTS === null ? false : env.ALLOWED_HOSTS.includes(name);
}

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

// Empty strings count as unset, as in most .env tooling.
const withoutEmpty = (source: Record<string, string | undefined>) => Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(withoutEmpty(source));
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    throw new EnvError(`Invalid configuration: ${name} ${issue.message}`);
  }
  return result.data;
}

/**
 * LOG_LEVEL alone, for the logger: it is made when first imported, before an entry point
 * validates the whole configuration, so it reads only its own setting and never caches the
 * rest (tests set the environment after importing it). A bad value gives the default here
 * and stops the process at that validation (loadEnvOrExit) in one line.
 */
export function logLevelFromEnv(source: Record<string, string | undefined> = process.env): LogLevel {
  const cleaned = withoutEmpty(source);
  const mode = nodeEnv.safeParse(cleaned.NODE_ENV);
  return logLevel.safeParse(cleaned.LOG_LEVEL).data ?? defaultLogLevel(mode.data ?? "development");
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

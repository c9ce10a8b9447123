import path from "node:path";
import { loadEnvOrExit } from "#app/env.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { createRedis } from "#app/lib/redis.server.ts";
import { closeQueues } from "#app/modules/jobs/queue.server.ts";
import { getStorage } from "#app/modules/media/storage.server.ts";
import { closeDb, getDb } from "#db/index.ts";
import { checkFfmpegCapabilities, killOrphanedFfmpeg, markFfmpegRunsAsThisWorkers } from "./ffmpeg.ts";
import { settingsFromEnv, startWorkers } from "./runtime.ts";

const env = loadEnvOrExit();
logger.setBindings({ process: "worker" });
const log = logger.child({ component: "worker" });
const db = getDb();
const storage = getStorage();
await storage.ensureDirs();

// A worker killed with -9 leaves its ffmpeg children running: stop them before starting.
const orphans = await killOrphanedFfmpeg(path.resolve(env.STORAGE_DIR));
if (orphans.length) log.warn({ pids: orphans }, "killed ffmpeg processes left by a dead worker");
markFfmpegRunsAsThisWorkers();

// Not awaited: images start at once; the first video finds the answer kept (workers/ffmpeg.ts).
void checkFfmpegCapabilities().then(
  (missing) => {
    if (missing.length) log.error({ missing, ffmpeg: env.FFMPEG_PATH }, "ffmpeg lacks what videos need: every video will fail until it is replaced");
  },
  (error: unknown) => log.error({ err: error, ffmpeg: env.FFMPEG_PATH }, "ffmpeg could not be run: every video will fail until it is installed"),
);

const connection = createRedis("worker");

async function warnIfEvictingRedis(): Promise<void> {
  try {
    const [, policy] = (await connection.config("GET", "maxmemory-policy")) as [string, string];
    if (policy !== "noeviction") {
      log.warn({ policy }, "Redis maxmemory-policy is not noeviction: queued jobs may be evicted under memory pressure");
    }
  } catch (error) {
    log.warn({ err: error }, "could not read Redis maxmemory-policy");
  }
}

// The signal handlers go in before the workers start: a job begins the moment its worker
// exists, and a SIGTERM during that first job must let it finish, not kill the process.
let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "worker stopping: finishing current jobs");
  const running = await starting;
  await running.close();
  await closeQueues();
  await connection.quit().catch(() => undefined);
  await closeDb();
  log.info("worker stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

const settings = settingsFromEnv();
const starting = startWorkers({ db, storage, connection, prefix: env.QUEUE_PREFIX }, settings);
const running = await starting;

await warnIfEvictingRedis();
log.info({ queues: running.workers.map((w) => w.name), prefix: env.QUEUE_PREFIX, settings, node: process.version }, "worker started");

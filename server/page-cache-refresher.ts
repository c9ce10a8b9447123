import { setTimeout as sleep } from "node:timers/promises";

// The page cache's background renders (server/remix-handler.ts): the URLs just served stale
// and, after a bump, the most-asked ones. They run a few at a time behind the visitors, and a
// storm of writes costs each URL one render per interval, not one per write
// (docs/decisions/108-page-cache-stale-after-every-write.md).

export interface RefresherOptions {
  /** Renders one URL for the cache, or decides it need not (already fresh, dropped). */
  render: (key: string) => Promise<void>;
  /** Background renders at once (visitors' renders do not count). */
  concurrency: number;
  /** A URL is not rendered in the background again sooner than this after its last background render. */
  minIntervalMs: number;
}

/** Past this many remembered render times, those older than the interval are forgotten. */
const MAX_REMEMBERED = 2_000;

export class Refresher {
  /** URLs to render, in the order asked, each once. */
  private readonly waiting = new Set<string>();
  /** When each URL's last background render started. */
  private readonly lastStarted = new Map<string, number>();
  private running = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: RefresherOptions) {}

  /** Queues URLs to render (a URL already waiting keeps its place). */
  add(keys: Iterable<string>): void {
    const before = this.waiting.size;
    for (const key of keys) this.waiting.add(key);
    if (this.waiting.size > before) this.start();
  }

  /** URLs waiting for their render. */
  get pending(): number {
    return this.waiting.size;
  }

  private start(): void {
    // Every slot busy: the slots take the next URL themselves.
    if (this.running >= this.options.concurrency) return;
    while (this.running < this.options.concurrency && this.dueAt(Date.now()) === 0) {
      this.running++;
      void this.slot().finally(() => {
        this.running--;
        this.start();
      });
    }
    const due = this.dueAt(Date.now());
    if (this.running < this.options.concurrency && due > 0 && due !== Infinity && !this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.start();
      }, due);
      this.timer.unref();
    }
  }

  /** 0 when a waiting URL may be rendered now; else the ms until the first may (Infinity: none waits). */
  private dueAt(now: number): number {
    let soonest = Infinity;
    for (const key of this.waiting) {
      const wait = (this.lastStarted.get(key) ?? -Infinity) + this.options.minIntervalMs - now;
      if (wait <= 0) return 0;
      soonest = Math.min(soonest, wait);
    }
    return soonest === Infinity ? Infinity : Math.ceil(soonest);
  }

  /** The first waiting URL that may be rendered now, taken off the queue. */
  private take(now: number): string | undefined {
    for (const key of this.waiting) {
      if ((this.lastStarted.get(key) ?? -Infinity) + this.options.minIntervalMs > now) continue;
      this.waiting.delete(key);
      return key;
    }
    return undefined;
  }

  private async slot(): Promise<void> {
    for (let key = this.take(Date.now()); key !== undefined; key = this.take(Date.now())) {
      const started = performance.now();
      this.remember(key, Date.now());
      await this.options.render(key).catch(() => undefined);
      // Behind the visitors: a slot renders at most a quarter of the time, and the pause lets
      // the requests that queued up meanwhile be answered first.
      await sleep(Math.max(1, Math.round(3 * (performance.now() - started))));
    }
  }

  private remember(key: string, now: number): void {
    this.lastStarted.delete(key);
    this.lastStarted.set(key, now);
    if (this.lastStarted.size <= MAX_REMEMBERED) return;
    for (const [old, at] of this.lastStarted) {
      if (now - at < this.options.minIntervalMs) break;
      this.lastStarted.delete(old);
    }
  }
}

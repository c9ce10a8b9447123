import { setTimeout as sleep } from "node:timers/promises";

// The page cache's background renders (server/remix-handler.ts): the URLs just served stale
// and, after a bump, the most-asked ones. They run a few at a time behind the visitors, and a
// storm of writes costs each URL one render per interval, not one per write; a URL whose render
// is not due yet waits in the queue until it is (docs/decisions/108-page-cache-stale-after-every-write.md,
// 117-page-cache-hears-bumps.md).

export interface RefresherOptions {
  /**
   * Renders one URL for the cache, or decides it need not (already fresh, dropped), or not
   * yet: then it answers when to ask again, and the URL waits in the queue until then.
   */
  render: (key: string) => Promise<number | void>;
  /** Background renders at once (visitors' renders do not count). */
  concurrency: number;
  /** A URL is not rendered in the background again sooner than this after its last background render. */
  minIntervalMs: number;
  /**
   * The longest pause after a render. A render that waited on a slow database took long without
   * costing the visitors anything; three times its length could hold every warm-up back past
   * the bound.
   */
  maxPauseMs: number;
}

/** Past this many remembered render times, those older than the interval are forgotten. */
const MAX_REMEMBERED = 2_000;

export class Refresher {
  /** URLs to render, in the order asked, each once, with the time before which it is not (0: now). */
  private readonly waiting = new Map<string, number>();
  /** When each URL's last background render started. */
  private readonly lastStarted = new Map<string, number>();
  private running = 0;
  private timer: NodeJS.Timeout | undefined;
  private timerAt = 0;

  constructor(private readonly options: RefresherOptions) {}

  /** Queues URLs to render (a URL already waiting keeps its place). */
  add(keys: Iterable<string>): void {
    const before = this.waiting.size;
    for (const key of keys) if (!this.waiting.has(key)) this.waiting.set(key, 0);
    if (this.waiting.size > before) this.start();
  }

  /** When the last background render of `key` started, if it is remembered. */
  lastRendered(key: string): number | undefined {
    return this.lastStarted.get(key);
  }

  /** URLs waiting for their render. */
  get pending(): number {
    return this.waiting.size;
  }

  private start(): void {
    // One clock read decides both: a URL that fell due between a read that found it not due yet
    // and another that found it due got neither a slot nor a timer, and waited for ever.
    let now = Date.now();
    let due = this.dueAt(now);
    while (this.running < this.options.concurrency && due === 0) {
      this.running++;
      void this.slot().finally(() => {
        this.running--;
        this.start();
      });
      now = Date.now();
      due = this.dueAt(now);
    }
    // Every slot busy: the slots take the next URL themselves.
    if (this.running >= this.options.concurrency || due === Infinity) return;
    // A URL put back for later may be due before the timer already set.
    if (this.timer && this.timerAt <= now + due) return;
    clearTimeout(this.timer);
    this.timerAt = now + due;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.start();
    }, due);
    this.timer.unref();
  }

  /** 0 when a waiting URL may be rendered now; else the ms until the first may (Infinity: none waits). */
  private dueAt(now: number): number {
    let soonest = Infinity;
    for (const key of this.waiting.keys()) {
      const wait = this.notBefore(key) - now;
      if (wait <= 0) return 0;
      soonest = Math.min(soonest, wait);
    }
    return soonest === Infinity ? Infinity : Math.ceil(soonest);
  }

  /** The first waiting URL that may be rendered now, taken off the queue. */
  private take(now: number): string | undefined {
    for (const key of this.waiting.keys()) {
      if (this.notBefore(key) > now) continue;
      this.waiting.delete(key);
      return key;
    }
    return undefined;
  }

  private notBefore(key: string): number {
    return Math.max(this.waiting.get(key) ?? 0, (this.lastStarted.get(key) ?? -Infinity) + this.options.minIntervalMs);
  }

  private async slot(): Promise<void> {
    for (let key = this.take(Date.now()); key !== undefined; key = this.take(Date.now())) {
      const started = performance.now();
      const startedAt = Date.now();
      const later = await this.options.render(key).catch(() => undefined);
      if (typeof later === "number") {
        // Not rendered: back in the queue until then (unless asked for meanwhile, it keeps that
        // place). A time already past (a slow machine) makes it due at once, never "done".
        if (!this.waiting.has(key)) this.waiting.set(key, later);
        continue;
      }
      this.remember(key, startedAt);
      // Behind the visitors: a slot renders at most a quarter of the time, and the pause lets
      // the requests that queued up meanwhile be answered first.
      await sleep(Math.max(1, Math.min(this.options.maxPauseMs, Math.round(3 * (performance.now() - started)))));
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

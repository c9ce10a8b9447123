// One autocannon run, with latencies taken from every response at full precision
// (autocannon's own histogram keeps whole milliseconds, too coarse for sub-millisecond pages).
import http from "node:http";
import autocannon, { type Result } from "autocannon";

export interface Load {
  /** 2xx responses per second over the run. */
  rps: number;
  p50: number;
  p99: number;
  mean: number;
  requests: number;
  /** Connection errors + timeouts + non-2xx responses. */
  errors: number;
  non2xx: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export async function load(options: {
  url: string;
  connections: number;
  seconds: number;
  overallRate?: number;
  /** Seconds before a request counts as timed out (autocannon's default is 10). */
  timeout?: number;
  headers?: Record<string, string>;
}): Promise<Load> {
  const latencies: number[] = [];
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        timeout: options.timeout ?? 10,
        ...(options.headers ? { headers: options.headers } : {}),
        ...(options.overallRate ? { overallRate: Math.max(1, Math.round(options.overallRate)) } : {}),
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
    instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (status >= 200 && status < 300) latencies.push(ms);
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / (result.duration || options.seconds),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    mean: latencies.length ? latencies.reduce((a, b) => a + b, 0) / latencies.length : NaN,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
    non2xx: result.non2xx,
  };
}

/**
 * Open-loop load at a steady rate: requests start every 5 ms in equal shares, whatever the
 * answers do, over up to `connections` keep-alive sockets. autocannon's `overallRate`
 * lets each connection fire its per-second quota back to back at the top of every second,
 * so "70 %" arrives as bursts at full speed; this spreads the same rate evenly. Latency
 * is measured from the planned start, so waiting for a free socket counts.
 */
export async function paced(options: { url: string; connections: number; seconds: number; rate: number }): Promise<Load> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let sent = 0;
  const tickMs = 5;
  const started = performance.now();
  const end = started + options.seconds * 1000;
  const pending = new Set<Promise<void>>();
  const fire = (planned: number) => {
    const done = new Promise<void>((resolve) => {
      const req = http.get(options.url, { agent }, (res) => {
        res.resume();
        res.on("end", () => {
          if (res.statusCode && res.statusCode >= 200 && res.statusCode < 300) latencies.push(performance.now() - planned);
          else non2xx++;
          resolve();
        });
      });
      req.setTimeout(10_000, () => req.destroy(new Error("timeout")));
      req.on("error", () => {
        errors++;
        resolve();
      });
    });
    pending.add(done);
    void done.then(() => pending.delete(done));
  };
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const now = performance.now();
      if (now >= end) {
        clearInterval(timer);
        resolve();
        return;
      }
      // Every request whose planned start has come, each timed from its own planned start.
      const due = Math.floor(((now - started) / 1000) * options.rate);
      for (; sent < due; sent++) fire(started + (sent / options.rate) * 1000);
    }, tickMs);
  });
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / options.seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    mean: latencies.length ? latencies.reduce((a, b) => a + b, 0) / latencies.length : NaN,
    requests: sent,
    errors: errors + non2xx,
    non2xx,
  };
}

// One autocannon run, with latencies taken from every response at full precision
// (autocannon's own histogram keeps whole milliseconds, too coarse for sub-millisecond pages).
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


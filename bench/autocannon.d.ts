// The part of autocannon 8's programmatic API the harness uses (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    overallRate?: number;
    pipelining?: number;
    timeout?: number;
    headers?: Record<string, string>;
    /** Requests each connection cycles through (paths relative to `url`). */
    requests?: Array<{ method?: string; path: string }>;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    duration: number;
  }
  /** With a callback: the running instance, which emits "response" (client, status, bytes, ms). */
  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): EventEmitter;
  export default autocannon;
  export type { Options, Result };
}

// The CPU slowdown that makes Lighthouse's simulated phone a low-end Android phone on any
// machine (docs/decisions/112-low-end-phone-cpu-profile.md). Lighthouse measures the host's
// BenchmarkIndex in every run; its documented calculator
// (lighthouse-cpu-throttling-calculator, linked from Lighthouse's docs/throttling.md) turns the
// index into the multiplier for its mid-tier mobile reference, and its documented table puts
// a low-end mobile phone one step of 2× below that.

/** Lighthouse's calculator: the multiplier that brings a host of this BenchmarkIndex to its mid-tier mobile reference. */
export function midTierMultiplier(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) throw new Error(`No usable BenchmarkIndex: ${benchmarkIndex}`);
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  // Below 150 the calculator gives up (host too slow to emulate the reference): 1×.
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

/** Lighthouse's device table: low-end mobile is 2× slower than mid-tier mobile. */
export const LOW_END_OVER_MID_TIER = 2;

/** The cpuSlowdownMultiplier for a low-end Android phone on a host of this BenchmarkIndex, to one decimal. */
export function lowEndMultiplier(benchmarkIndex: number): number {
  return Math.round(midTierMultiplier(benchmarkIndex) * LOW_END_OVER_MID_TIER * 10) / 10;
}

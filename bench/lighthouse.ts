// Row 3, page quality: Lighthouse (programmatic, mobile, simulated slow 4G) on the system
// Chromium, with the CPU slowdown of a low-end Android phone set from the BenchmarkIndex
// Lighthouse measures on this machine (cpu-profile.ts); median and spread of 3 runs per page.
import { existsSync } from "node:fs";
import { launch } from "chrome-launcher";
import lighthouse, { type RunnerResult } from "lighthouse";
import { BUILD_DIR, log } from "./app.ts";
import { lowEndMultiplier } from "./cpu-profile.ts";
import { fmt, type Row, type Section } from "./report.ts";
import { TRANSLATED_LANGUAGES, pathInLang } from "../app/modules/i18n/languages.ts";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export interface PageRun {
  /** Lighthouse's BenchmarkIndex of this run and the CPU slowdown it ran under. */
  benchmarkIndex: number;
  cpuSlowdown: number;
  score: number;
  lcp: number;
  cls: number;
  tbt: number;
  jsBytes: number;
  totalBytes: number;
}

interface NetworkItem {
  url: string;
  transferSize?: number;
  resourceType?: string;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const spread = (values: number[], show: (v: number) => string) => `${show(Math.min(...values))}–${show(Math.max(...values))}`;

/** Lighthouse's mobile network (simulated slow 4G, its default) with the given CPU slowdown. */
const throttling = (cpuSlowdownMultiplier: number) => ({
  rttMs: 150,
  throughputKbps: 1638.4,
  requestLatencyMs: 562.5,
  downloadThroughputKbps: 1474.56,
  uploadThroughputKbps: 675,
  cpuSlowdownMultiplier,
});

/** LCP is judged where the largest element is the hero or the product picture. */
const LCP_PAGES = new Set(["home", "listing", "product page"]);

type MeasurePageJs = (
  base: string,
  pagePath: string,
  buildDir: string,
) => Promise<{ status: number; gzipBytes: number; files: Array<{ url: string; gzipBytes: number }> }>;

/** bench/js-budget.ts (the storefront engineer's): the JS a page's HTML names, gzipped per file from the build. */
async function jsBudget(): Promise<MeasurePageJs | null> {
  if (!existsSync("bench/js-budget.ts")) return null;
  const mod = (await import("./js-budget.ts" as string)) as { measurePageJs?: MeasurePageJs };
  return mod.measurePageJs ?? null;
}

/** One Lighthouse run on the health page, for the BenchmarkIndex it measures of this machine now. */
async function measureBenchmarkIndex(base: string, port: number): Promise<number> {
  const result = await lighthouse(`${base}/healthz`, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  const index = result?.lhr.environment.benchmarkIndex;
  if (!index) throw new Error("Lighthouse measured no BenchmarkIndex");
  return index;
}

/** A page to measure; `english`: the path of its English page, measured in the same run, whose LCP it is held to. */
export interface LighthousePage {
  label: string;
  path: string;
  english?: string;
}

/** A Bengali or Hindi page's LCP may be at most this much above its English page's (the web font may not slow it). */
const LANGUAGE_LCP_RATIO = 1.1;

export async function runLighthouse(base: string, pages: LighthousePage[], runs: number): Promise<Section> {
  const measurePageJs = await jsBudget();
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ["--headless=new", "--no-sandbox"] });
  const results: Array<LighthousePage & { runs: PageRun[] }> = [];
  try {
    for (const page of pages) {
      const pageRuns: PageRun[] = [];
      // Each run's slowdown comes from the BenchmarkIndex of the run before it (the first from a
      // calibration run), so a machine that gets busier mid-way is still judged as the same phone.
      let benchmarkIndex = await measureBenchmarkIndex(base, chrome.port);
      for (let i = 0; i < runs; i++) {
        const cpuSlowdown = lowEndMultiplier(benchmarkIndex);
        log(`lighthouse: ${page.path} run ${i + 1}/${runs} (BenchmarkIndex ${benchmarkIndex}, CPU ${cpuSlowdown}×)`);
        // A trace that Chromium failed to record (NO_NAVSTART and the like) is retried, up to three tries.
        let lhr: RunnerResult["lhr"];
        for (let attempt = 1; ; attempt++) {
          const result = await lighthouse(`${base}${page.path}`, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance"],
            throttling: throttling(cpuSlowdown),
          });
          if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
          lhr = result.lhr;
          if (!lhr.runtimeError) break;
          if (attempt === 3) throw new Error(`Lighthouse on ${page.path}: ${lhr.runtimeError.message}`);
          log(`lighthouse: ${page.path}: ${lhr.runtimeError.code}, trying again`);
        }
        const items = ((lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ?? []);
        if (lhr.configSettings.throttling.cpuSlowdownMultiplier !== cpuSlowdown) throw new Error("Lighthouse did not take the CPU slowdown");
        pageRuns.push({
          benchmarkIndex,
          cpuSlowdown,
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
          cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
          tbt: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
          jsBytes: items.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
          totalBytes: items.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
        });
        benchmarkIndex = lhr.environment.benchmarkIndex;
      }
      results.push({ ...page, runs: pageRuns });
    }
  } finally {
    await chrome.kill();
  }

  const rows: Row[] = [];
  const details = [
    "| page | runs: BenchmarkIndex / CPU slowdown / score / LCP / CLS / TBT | JS transferred | total transferred |",
    "|---|---|---|---|",
  ];
  for (const page of results) {
    const m = {
      score: median(page.runs.map((r) => r.score)),
      lcp: median(page.runs.map((r) => r.lcp)),
      cls: median(page.runs.map((r) => r.cls)),
      tbt: median(page.runs.map((r) => r.tbt)),
      jsBytes: median(page.runs.map((r) => r.jsBytes)),
      totalBytes: median(page.runs.map((r) => r.totalBytes)),
    };
    const name = `${page.label} \`${page.path}\``;
    const profile = `BenchmarkIndex ${spread(page.runs.map((r) => r.benchmarkIndex), (v) => fmt.n(v))}, CPU ${spread(page.runs.map((r) => r.cpuSlowdown), (v) => `${v}×`)}`;
    const of = (pick: (r: PageRun) => number, show: (v: number) => string) => `${show(median(page.runs.map(pick)))} (${spread(page.runs.map(pick), show)})`;
    rows.push({
      name: `${name}: performance (low-end phone: ${profile})`,
      ours: of((r) => r.score, (v) => fmt.n(v)),
      baseline: "—",
      ratio: String(m.score),
      target: "≥ 95",
      pass: m.score >= 95,
      note: m.score >= 95 ? undefined : `LCP ${fmt.ms(m.lcp)} and TBT ${fmt.ms(m.tbt)}; ${fmt.kb(m.totalBytes)} transferred, ${fmt.kb(m.jsBytes)} of it JavaScript.`,
    });
    rows.push({
      name: `${name}: TBT`,
      ours: of((r) => r.tbt, fmt.ms),
      baseline: "—",
      ratio: fmt.ms(m.tbt),
      target: "≤ 150 ms",
      pass: m.tbt <= 150,
    });
    rows.push({
      name: `${name}: LCP`,
      ours: of((r) => r.lcp, fmt.ms),
      baseline: "—",
      ratio: fmt.ms(m.lcp),
      target: LCP_PAGES.has(page.label) ? "≤ 1600 ms" : "—",
      pass: LCP_PAGES.has(page.label) ? m.lcp <= 1600 : null,
    });
    const english = page.english === undefined ? undefined : results.find((r) => r.path === page.english);
    if (english) {
      const englishLcp = median(english.runs.map((r) => r.lcp));
      rows.push({
        name: `${name}: LCP against the English page \`${english.path}\``,
        ours: fmt.ms(m.lcp),
        baseline: fmt.ms(englishLcp),
        ratio: fmt.ratio(m.lcp / englishLcp),
        target: `≤ ${LANGUAGE_LCP_RATIO.toFixed(2)}`,
        pass: m.lcp <= englishLcp * LANGUAGE_LCP_RATIO,
      });
    }
    rows.push({
      name: `${name}: CLS`,
      ours: of((r) => r.cls, (v) => fmt.n(v, 3)),
      baseline: "—",
      ratio: fmt.n(m.cls, 3),
      target: "0",
      pass: m.cls < 0.0005,
    });
    // Judged on the gzipped bodies (js-budget.ts) when it is there; Lighthouse's transfer sizes add each response's headers.
    rows.push({
      name: `${name}: JS transferred (Lighthouse, gzipped + headers)`,
      ours: fmt.kb(m.jsBytes),
      baseline: "—",
      ratio: fmt.kb(m.jsBytes),
      target: measurePageJs ? "— (see next row)" : "≤ 90 KB",
      pass: measurePageJs ? null : m.jsBytes <= 90 * 1024,
    });
    if (measurePageJs) {
      const named = await measurePageJs(base, page.path, BUILD_DIR);
      rows.push({
        name: `${name}: JS gzipped (bench/js-budget.ts: the modules its HTML loads)`,
        ours: `${fmt.kb(named.gzipBytes)} in ${named.files.length} files`,
        baseline: "—",
        ratio: fmt.kb(named.gzipBytes),
        target: "≤ 90 KB",
        pass: named.gzipBytes <= 90 * 1024,
        note:
          named.gzipBytes <= 90 * 1024
            ? undefined
            : `${fmt.kb(named.gzipBytes - 90 * 1024)} over; the largest files: ${[...named.files]
                .sort((a, b) => b.gzipBytes - a.gzipBytes)
                .slice(0, 3)
                .map((f) => `${f.url.replace(/^.*\//, "")} ${fmt.kb(f.gzipBytes)}`)
                .join(", ")}.`,
      });
    }
    rows.push({
      name: `${name}: total bytes (transferred)`,
      ours: fmt.kb(m.totalBytes),
      baseline: "—",
      ratio: fmt.kb(m.totalBytes),
      target: "—",
      pass: null,
    });
    details.push(
      `| \`${page.path}\` | ${page.runs.map((r) => `${fmt.n(r.benchmarkIndex)} / ${r.cpuSlowdown}× / ${r.score} / ${fmt.ms(r.lcp)} / ${fmt.n(r.cls, 3)} / ${fmt.ms(r.tbt)}`).join("; ")} | ${fmt.kb(m.jsBytes)} | ${fmt.kb(m.totalBytes)} |`,
    );
  }
  return {
    title: "3. Page quality (Lighthouse)",
    method: `Lighthouse 12.8.2 (programmatic, performance category, mobile, simulated slow 4G) on ${CHROMIUM} (\`--headless=new --no-sandbox\`), under a low-end Android phone's CPU: each run's \`cpuSlowdownMultiplier\` is 2× the multiplier Lighthouse's throttling calculator gives for the BenchmarkIndex measured in the run before (the first from a calibration run), see \`bench/cpu-profile.ts\` and decision 112. ${runs} runs per page: the median of each figure, the spread (lowest–highest) in brackets. Bytes are transfer sizes (gzipped as served) from the \`network-requests\` audit; JS = requests of type Script; a transfer size includes the response's headers (about 1 KB each here: CSP and the other security headers). The JS target is judged on \`bench/js-budget.ts\` (the storefront engineer's): the modules the server-rendered HTML loads, each gzipped from the build as the server sends it.`,
    rows,
    details: ["Every run:", "", ...details],
  };
}

/** The Bengali and Hindi pages of English ones, each held to its English page's LCP. */
export function inLanguages(pages: LighthousePage[]): LighthousePage[] {
  const names = { bn: "Bengali", hi: "Hindi" } as const;
  return TRANSLATED_LANGUAGES.flatMap((lang) =>
    pages.map((page) => ({ label: `${page.label} (${names[lang]})`, path: pathInLang(page.path, lang), english: page.path })),
  );
}

// Row 3, page quality: Lighthouse (programmatic, default mobile settings: simulated slow
// 4G and 4× CPU slowdown) on the system Chromium, median of 3 runs per page.
import { existsSync } from "node:fs";
import { launch } from "chrome-launcher";
import lighthouse, { type RunnerResult } from "lighthouse";
import { BUILD_DIR, log } from "./app.ts";
import { fmt, type Row, type Section } from "./report.ts";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export interface PageRun {
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

export async function runLighthouse(base: string, pages: { label: string; path: string }[], runs: number): Promise<Section> {
  const measurePageJs = await jsBudget();
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ["--headless=new", "--no-sandbox"] });
  const results: Array<{ label: string; path: string; runs: PageRun[] }> = [];
  try {
    for (const page of pages) {
      const pageRuns: PageRun[] = [];
      for (let i = 0; i < runs; i++) {
        log(`lighthouse: ${page.path} run ${i + 1}/${runs}`);
        // A trace that Chromium failed to record (NO_NAVSTART and the like) is retried, up to three tries.
        let lhr: RunnerResult["lhr"];
        for (let attempt = 1; ; attempt++) {
          const result = await lighthouse(`${base}${page.path}`, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance"],
          });
          if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
          lhr = result.lhr;
          if (!lhr.runtimeError) break;
          if (attempt === 3) throw new Error(`Lighthouse on ${page.path}: ${lhr.runtimeError.message}`);
          log(`lighthouse: ${page.path}: ${lhr.runtimeError.code}, trying again`);
        }
        const items = ((lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ?? []);
        pageRuns.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
          cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
          tbt: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
          jsBytes: items.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
          totalBytes: items.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
        });
      }
      results.push({ ...page, runs: pageRuns });
    }
  } finally {
    await chrome.kill();
  }

  const rows: Row[] = [];
  const details = [
    "| page | runs: score / LCP / CLS / TBT | JS transferred | total transferred |",
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
    rows.push({
      name: `${name}: performance`,
      ours: `${m.score} (LCP ${fmt.ms(m.lcp)}, TBT ${fmt.ms(m.tbt)})`,
      baseline: "—",
      ratio: String(m.score),
      target: "≥ 95",
      pass: m.score >= 95,
      note: m.score >= 95 ? undefined : `LCP ${fmt.ms(m.lcp)} and TBT ${fmt.ms(m.tbt)} under simulated slow 4G / 4× CPU; ${fmt.kb(m.totalBytes)} transferred, ${fmt.kb(m.jsBytes)} of it JavaScript.`,
    });
    rows.push({
      name: `${name}: CLS`,
      ours: fmt.n(m.cls, 3),
      baseline: "—",
      ratio: fmt.n(m.cls, 3),
      target: "≤ 0.01",
      pass: m.cls <= 0.01,
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
      `| \`${page.path}\` | ${page.runs.map((r) => `${r.score} / ${fmt.ms(r.lcp)} / ${fmt.n(r.cls, 3)} / ${fmt.ms(r.tbt)}`).join("; ")} | ${fmt.kb(m.jsBytes)} | ${fmt.kb(m.totalBytes)} |`,
    );
  }
  return {
    title: "3. Page quality (Lighthouse)",
    method: `Lighthouse 12.8.2 (programmatic, performance category, default mobile settings: simulated slow 4G, 4× CPU slowdown) on ${CHROMIUM} (\`--headless=new --no-sandbox\`), ${runs} runs per page, median of each figure. Bytes are transfer sizes (gzipped as served) from the \`network-requests\` audit; JS = requests of type Script; a transfer size includes the response's headers (about 1 KB each here: CSP and the other security headers). The JS target is judged on \`bench/js-budget.ts\` (the storefront engineer's): the modules the server-rendered HTML loads, each gzipped from the build as the server sends it.`,
    rows,
    details: ["Every run:", "", ...details],
  };
}

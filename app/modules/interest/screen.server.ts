import { logger } from "#app/lib/logger.server.ts";
import { interestDay, type InterestRange } from "./kinds.ts";
import { dailyRows, dailyTotals, pieceFigures, topPieces, zeroResultSearches, type PieceFigures } from "./report.server.ts";
import { rollUpInterest } from "./rollup.server.ts";
import { CSV_COLUMNS } from "./texts.ts";

// What the owner's screens load: the figures are rolled up first, so today's are current.

const log = logger.child({ component: "interest" });

/** Rolls the counts up now; with Redis away the screen shows what MySQL already has. */
async function freshFigures(): Promise<void> {
  await rollUpInterest().catch((error: unknown) => log.warn({ err: error }, "interest roll-up before a read failed"));
}

export async function interestScreen(range: InterestRange) {
  await freshFigures();
  const [totals, byTaps, byViews, missed] = await Promise.all([dailyTotals(range), topPieces(range, "taps"), topPieces(range, "views"), zeroResultSearches(range)]);
  return { range, totals, byTaps, byViews, missed };
}

/** One piece's (or a page of pieces') own figures for the last 30 days. */
export async function freshPieceFigures(ids: readonly number[]): Promise<Record<number, PieceFigures>> {
  await freshFigures();
  return Object.fromEntries(await pieceFigures(ids, 30));
}

/** A text cell: quoted, and never read as a formula by a spreadsheet. */
function cell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The daily figures of the range as CSV: one line per day and piece (product 0: the whole shop). */
export async function interestCsv(range: InterestRange): Promise<{ filename: string; body: string }> {
  await freshFigures();
  const lines = [["day", "product_id", "piece", ...CSV_COLUMNS.map(([header]) => header)].join(",")];
  for (const row of await dailyRows(range)) {
    lines.push([row.day, String(row.productId), cell(row.piece), ...CSV_COLUMNS.map(([, metric]) => String(row.values[metric] ?? 0))].join(","));
  }
  return { filename: `interest-${range}-days-to-${interestDay()}.csv`, body: `${lines.join("\r\n")}\r\n` };
}

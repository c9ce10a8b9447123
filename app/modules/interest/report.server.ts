import { sql } from "kysely";
import { productLabels } from "#app/modules/catalog/admin-products.server.ts";
import { getDb } from "#db/index.ts";
import { lastDays, TAP_KINDS, type InterestRange, type Metric } from "./kinds.ts";

// What the owner reads: top pieces, totals per day, searches without a result, a piece's own
// figures, and the daily rows of the CSV export.

const TAP_METRICS = TAP_KINDS.map((kind) => `tap_${kind}`);
/** Counted once for the whole shop (product 0) and again per piece: the shop's totals read row 0. */
const SHOP_ROW_METRICS = ["visitors", "page_views", "previews"];

export type RankBy = "taps" | "views";

export interface RankedPiece {
  productId: number;
  name: string;
  category: string;
  total: number;
  /** One value per day of the range, oldest first. */
  series: number[];
}

function sinceDay(days: number, at?: number): string {
  return lastDays(days, at)[0]!;
}

const dayText = sql<string>`DATE_FORMAT(day, '%Y-%m-%d')`;

/** The pieces with the most WhatsApp taps (or views) over the range, with their daily series. */
export async function topPieces(range: InterestRange, by: RankBy, limit = 10, at?: number): Promise<RankedPiece[]> {
  const db = getDb();
  const metrics = by === "taps" ? TAP_METRICS : ["views"];
  const since = sinceDay(range, at);
  const top = await db
    .selectFrom("interest_daily")
    .select(["product_id", sql<string>`SUM(value)`.as("total")])
    .where("day", ">=", since)
    .where("product_id", ">", 0)
    .where("metric", "in", metrics)
    .groupBy("product_id")
    .orderBy("total", "desc")
    .orderBy("product_id")
    .limit(limit)
    .execute();
  if (top.length === 0) return [];
  const ids = top.map((row) => row.product_id);
  const daily = await db
    .selectFrom("interest_daily")
    .select(["product_id", dayText.as("d"), sql<string>`SUM(value)`.as("value")])
    .where("day", ">=", since)
    .where("product_id", "in", ids)
    .where("metric", "in", metrics)
    .groupBy(["product_id", "day"])
    .execute();
  const days = lastDays(range, at);
  const index = new Map(days.map((day, i) => [day, i]));
  const series = new Map(ids.map((id) => [id, days.map(() => 0)]));
  for (const row of daily) series.get(row.product_id)![index.get(row.d) ?? 0] = Number(row.value);
  const labels = await productLabels(ids);
  return top.map((row) => ({
    productId: row.product_id,
    name: labels.get(row.product_id)?.name ?? `Deleted piece #${row.product_id}`,
    category: labels.get(row.product_id)?.category ?? "",
    total: Number(row.total),
    series: series.get(row.product_id)!,
  }));
}

export interface DayTotals {
  day: string;
  pageViews: number;
  pieceViews: number;
  visitors: number;
  previews: number;
  taps: number;
  enquiryAdds: number;
  shares: number;
  notify: number;
  commission: number;
}

function emptyTotals(day: string): DayTotals {
  return { day, pageViews: 0, pieceViews: 0, visitors: 0, previews: 0, taps: 0, enquiryAdds: 0, shares: 0, notify: 0, commission: 0 };
}

function addTo(totals: DayTotals, metric: string, value: number): void {
  if (metric === "page_views") totals.pageViews += value;
  else if (metric === "views") totals.pieceViews += value;
  else if (metric === "visitors") totals.visitors += value;
  else if (metric === "previews") totals.previews += value;
  else if (TAP_METRICS.includes(metric)) totals.taps += value;
  else if (metric === "enquiry_add") totals.enquiryAdds += value;
  else if (metric === "share_sheet") totals.shares += value;
  else if (metric === "notify") totals.notify += value;
  else if (metric === "commission") totals.commission += value;
}

/** The whole shop's figures per day, every day of the range (zeros included), oldest first. */
export async function dailyTotals(range: InterestRange, at?: number): Promise<DayTotals[]> {
  const rows = await getDb()
    .selectFrom("interest_daily")
    .select([dayText.as("d"), "metric", sql<string>`SUM(value)`.as("value")])
    .where("day", ">=", sinceDay(range, at))
    .where((eb) => eb.or([eb("metric", "not in", SHOP_ROW_METRICS), eb("product_id", "=", 0)]))
    .groupBy(["day", "metric"])
    .execute();
  const byDay = new Map(lastDays(range, at).map((day) => [day, emptyTotals(day)]));
  for (const row of rows) {
    const totals = byDay.get(row.d);
    if (totals) addTo(totals, row.metric, Number(row.value));
  }
  return [...byDay.values()];
}

export interface MissedSearch {
  query: string;
  searches: number;
}

/**
 * Searches whose latest known result count is zero, most asked first. A search only bots or link
 * previews made has a result count (its page rendered) but no searches: nobody asked, so it is left out.
 */
export async function zeroResultSearches(range: InterestRange, limit = 50, at?: number): Promise<MissedSearch[]> {
  const rows = await getDb()
    .selectFrom("interest_searches")
    .select(["query", sql<string>`SUM(searches)`.as("searches")])
    .where("day", ">=", sinceDay(range, at))
    .groupBy("query")
    .having(sql`SUBSTRING_INDEX(GROUP_CONCAT(results ORDER BY day DESC), ',', 1)`, "=", "0")
    .having(sql`SUM(searches)`, ">", 0)
    .orderBy("searches", "desc")
    .orderBy("query")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ query: row.query, searches: Number(row.searches) }));
}

export interface PieceFigures {
  views: number;
  taps: number;
  enquiryAdds: number;
  previews: number;
}

/** Each piece's own figures over the last `days` days (zeros for a piece with none). */
export async function pieceFigures(ids: readonly number[], days = 30, at?: number): Promise<Map<number, PieceFigures>> {
  const figures = new Map(ids.map((id) => [id, { views: 0, taps: 0, enquiryAdds: 0, previews: 0 }]));
  if (ids.length === 0) return figures;
  const rows = await getDb()
    .selectFrom("interest_daily")
    .select(["product_id", "metric", sql<string>`SUM(value)`.as("value")])
    .where("day", ">=", sinceDay(days, at))
    .where("product_id", "in", [...ids])
    .groupBy(["product_id", "metric"])
    .execute();
  for (const row of rows) {
    const entry = figures.get(row.product_id)!;
    const value = Number(row.value);
    if (row.metric === "views") entry.views += value;
    else if (TAP_METRICS.includes(row.metric)) entry.taps += value;
    else if (row.metric === "enquiry_add") entry.enquiryAdds += value;
    else if (row.metric === "previews") entry.previews += value;
  }
  return figures;
}

export interface DailyRow {
  day: string;
  productId: number;
  piece: string;
  values: Partial<Record<Metric, number>>;
}

/** Every stored daily figure of the range, one row per day and piece (0: the whole shop). */
export async function dailyRows(range: InterestRange, at?: number): Promise<DailyRow[]> {
  const rows = await getDb()
    .selectFrom("interest_daily")
    .select([dayText.as("d"), "product_id", "metric", "value"])
    .where("day", ">=", sinceDay(range, at))
    .orderBy("day")
    .orderBy("product_id")
    .execute();
  const labels = await productLabels([...new Set(rows.map((row) => row.product_id).filter((id) => id > 0))]);
  const out = new Map<string, DailyRow>();
  for (const row of rows) {
    const key = `${row.d}/${row.product_id}`;
    let entry = out.get(key);
    if (!entry) {
      const piece = row.product_id === 0 ? "Whole shop" : labels.get(row.product_id)?.name ?? `Deleted piece #${row.product_id}`;
      entry = { day: row.d, productId: row.product_id, piece, values: {} };
      out.set(key, entry);
    }
    entry.values[row.metric as Metric] = row.value;
  }
  return [...out.values()];
}

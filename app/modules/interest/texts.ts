// Every word the owner's interest screens show, in one place (client-safe).
import type { PieceFigures } from "./report.server.ts";

export const INTEREST_TEXT = {
  title: "Interest",
  intro: "What people look at, ask about on WhatsApp and search for. Counted without cookies and without keeping any visitor's address.",
  rangeLabel: "Period",
  range: (days: number) => `${days} days`,
  totalsHeading: "Totals per day",
  viewsChart: "Page views per day",
  tapsChart: "WhatsApp taps per day",
  summary: {
    pageViews: "Page views",
    pieceViews: "Views of pieces",
    visitors: "Visitors (daily, summed)",
    previews: "Link previews and bots",
    taps: "WhatsApp taps",
    enquiryAdds: "Added to an enquiry list",
    shares: "Shared from the share sheet",
    notify: "“Tell me when” sign-ups",
    commission: "Commission requests",
  },
  topTaps: "Top pieces by WhatsApp taps",
  topViews: "Top pieces by views",
  noPieces: "Nothing counted in this period yet.",
  trend: (name: string, total: number) => `${name}: ${total} in the period, day by day`,
  missedHeading: "Searches with no result",
  missedIntro: "Words people searched for and found nothing: add them to the synonym table, or make the piece.",
  noMissed: "No search came back empty in this period.",
  searchedTimes: (count: number) => (count === 1 ? "once" : `${count} times`),
  csv: "Download the daily figures (CSV)",
} as const;

/** A piece's own 30-day line on its admin card and edit page. */
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Beside the status on an All Products card: views and WhatsApp taps (the edit page has them all). */
export function pieceFiguresShort(figures: PieceFigures): string {
  return `30 days: ${plural(figures.views, "view", "views")} · ${plural(figures.taps, "tap", "taps")}`;
}

export function pieceFiguresText(figures: PieceFigures): string {
  return `Last 30 days: ${plural(figures.views, "view", "views")} · ${plural(figures.taps, "WhatsApp tap", "WhatsApp taps")} · ${plural(
    figures.enquiryAdds,
    "enquiry add",
    "enquiry adds",
  )}`;
}

/** The CSV export's columns: header, then the metric each reads. */
export const CSV_COLUMNS = [
  ["views", "views"],
  ["visitors", "visitors"],
  ["link_previews", "previews"],
  ["page_views", "page_views"],
  ["whatsapp_taps_buy", "tap_buy"],
  ["whatsapp_taps_similar", "tap_similar"],
  ["whatsapp_taps_enquiry", "tap_enquiry"],
  ["whatsapp_taps_share", "tap_share"],
  ["whatsapp_taps_chat", "tap_chat"],
  ["enquiry_adds", "enquiry_add"],
  ["share_sheet", "share_sheet"],
  ["tell_me_when", "notify"],
  ["commission_requests", "commission"],
] as const;

import type { Request, RequestHandler } from "express";
import { isbot } from "isbot";
import { countInterest, countTap, recordPageHit } from "#app/modules/interest/counter.server.ts";
import { isBeaconKind, normaliseQuery } from "#app/modules/interest/kinds.ts";

// Interest counting around the pages (docs/decisions/111-interest-figures.md): a page view is
// counted once its answer is sent, from the page cache or a render alike, with one Redis
// pipeline; WhatsApp taps arrive as a link's `ping` or a beacon at POST /interest/tap.

/** Paths that are never a storefront page view. */
const NOT_PAGES = /^\/(?:dashboard|admin|api|media|assets|interest|healthz|feeds|logout)(?:[/.]|$)/;
const PRODUCT_PAGE = /^\/product\/[a-z0-9-]+\/([1-9]\d{0,14})$/;

/** The page a path shows ("/x.data" is page /x's data for a navigation with JavaScript), or null. */
export function pagePath(path: string): string | null {
  const page = path === "/_root.data" ? "/" : path.endsWith(".data") ? path.slice(0, -5) : path;
  if (NOT_PAGES.test(page) || /\.[a-z0-9]+$/i.test(page)) return null;
  return page;
}

export function productIdOf(page: string): number | null {
  const match = PRODUCT_PAGE.exec(page);
  return match ? Number(match[1]) : null;
}

/** Automated fetchers (link previews of WhatsApp, Facebook, Telegram…, crawlers) and requests with no browser at all. */
export function isPreviewFetcher(userAgent: string): boolean {
  return userAgent.trim() === "" || isbot(userAgent);
}

/** The same-site page a request came from (Referer, Ping-From), or null. */
function sameSiteUrl(req: Request, header: string | undefined): URL | null {
  if (!header) return null;
  try {
    const url = new URL(header);
    return url.host === req.get("host") ? url : null;
  } catch {
    return null;
  }
}

/** A query string without Remix's own `_routes` (which data a revalidation asks for). */
function pageQuery(params: URLSearchParams): string {
  const copy = new URLSearchParams(params);
  copy.delete("_routes");
  copy.sort();
  return copy.toString();
}

/**
 * The page reloading itself: its data again after the heart, or another photo of a piece
 * (?image=2 without JavaScript). A new search or another listing page from the same path is a view.
 */
function sameVisit(req: Request, page: string): boolean {
  const from = sameSiteUrl(req, req.get("referer"));
  if (!from || from.pathname !== page) return false;
  return productIdOf(page) !== null || pageQuery(from.searchParams) === pageQuery(new URL(req.originalUrl, "http://local").searchParams);
}

/** Counts each storefront page answered with 200 after it is sent. Mount before the page cache. */
export function countPageViews(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET") return next();
    const page = pagePath(req.path);
    // A browser's speculative fetch is not a visit.
    const purpose = `${req.get("sec-purpose") ?? ""} ${req.get("purpose") ?? ""}`;
    if (page === null || purpose.includes("prefetch")) return next();
    res.once("finish", () => {
      if (res.statusCode !== 200) return;
      if (!req.path.endsWith(".data") && !String(res.getHeader("content-type") ?? "").startsWith("text/html")) return;
      if (sameVisit(req, page)) return;
      const userAgent = req.get("user-agent") ?? "";
      const q = page === "/search" && (req.query.page ?? "1") === "1" && typeof req.query.q === "string" ? normaliseQuery(req.query.q) : "";
      void recordPageHit({
        productId: productIdOf(page),
        preview: isPreviewFetcher(userAgent),
        address: req.ip ?? req.socket.remoteAddress ?? "",
        userAgent,
        search: q || undefined,
      });
    });
    next();
  };
}

const PRODUCT_ID = /^[1-9]\d{0,14}$/;

/**
 * POST /interest/tap?k=<kind>&p=<id>: a tap on a WhatsApp link, sent by the browser as the link's
 * `ping` (Content-Type text/ping) or by the page's beacon. No body is read; nothing is set.
 */
export function tapEndpoint(): RequestHandler {
  return (req, res) => {
    const kind = typeof req.query.k === "string" ? req.query.k : "";
    const p = typeof req.query.p === "string" ? req.query.p : "";
    res.set("Cache-Control", "no-store");
    if (!isBeaconKind(kind) || (p !== "" && !PRODUCT_ID.test(p))) {
      res.status(400).type("text/plain").send("Unknown tap");
      return;
    }
    // A link without its piece: the piece whose page it was on (`Ping-From`, or the beacon's Referer).
    const productId = p ? Number(p) : productIdOf(sameSiteUrl(req, req.get("ping-from") ?? req.get("referer"))?.pathname ?? "");
    if (!isPreviewFetcher(req.get("user-agent") ?? "")) {
      void (kind === "share_sheet" ? countInterest(kind, productId) : countTap(kind, productId));
    }
    res.status(204).end();
  };
}

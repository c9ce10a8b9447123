import { AsyncLocalStorage } from "node:async_hooks";
import { parse } from "cookie";

// What one render read that differs from one visitor to the next. The server runs every
// render inside `runRender` (server/remix-handler.ts) and never shares an answer whose render
// read a cookie: reading cookies only through `readCookieHeader` makes any route that depends
// on a visitor private by construction (docs/decisions/100-page-cache-shares-what-the-render-allows.md).

export interface RenderFacts {
  /** The render read a Cookie header that carried at least one cookie. */
  readVisitorState: boolean;
  /** What public data the render showed (product ids): a write to one of them drops the page. */
  tags: Set<string>;
  /** What a write changed, when its module knows exactly (e.g. `product:12`): the bump names it. */
  changed: Set<string>;
}

// On globalThis: the server runs from source while the Remix build bundles its own copy of
// this module, and both must see the same store.
const KEY = Symbol.for("dokra.render-context");
const store: AsyncLocalStorage<RenderFacts> = ((globalThis as Record<symbol, unknown>)[KEY] ??= new AsyncLocalStorage<RenderFacts>()) as AsyncLocalStorage<RenderFacts>;

export function newRenderFacts(): RenderFacts {
  return { readVisitorState: false, tags: new Set(), changed: new Set() };
}

export function runRender<T>(facts: RenderFacts, render: () => T): T {
  return store.run(facts, render);
}

/** The cookies of a request, by the parser Remix reads them with (names trimmed, first one wins). */
export function parseCookies(header: string | null | undefined): Record<string, string | undefined> {
  return header ? parse(header) : {};
}

/**
 * The request's Cookie header, for a cookie's `parse`: the only way app code reads cookies.
 * A header carrying any cookie marks the current render as the visitor's own.
 */
export function readCookieHeader(request: Request): string | null {
  const header = request.headers.get("Cookie");
  if (Object.keys(parseCookies(header)).length > 0) markVisitorState();
  return header;
}

/** The render depends on who asked (a cookie, a session): its answer is never shared. */
export function markVisitorState(): void {
  const facts = store.getStore();
  if (facts) facts.readVisitorState = true;
}

/** The render showed this public thing (e.g. `product:12`): a write that names it drops the page at once. */
export function tagRender(...tags: string[]): void {
  const facts = store.getStore();
  if (facts) for (const tag of tags) facts.tags.add(tag);
}

/**
 * Runs `read` without tagging the render with what it shows: things a page shows only in
 * passing (the related pieces under a product), which may lag a write within the bound.
 * What it reads of the visitor, and what it changes, still count.
 */
export async function withoutTags<T>(read: () => Promise<T>): Promise<T> {
  const outer = store.getStore();
  if (!outer) return read();
  const inner = newRenderFacts();
  try {
    return await store.run(inner, read);
  } finally {
    if (inner.readVisitorState) outer.readVisitorState = true;
    for (const tag of inner.changed) outer.changed.add(tag);
  }
}

/** A write changed exactly this public thing: pages showing it stop being served at once; others may be served stale briefly. */
export function noteChange(...tags: string[]): void {
  const facts = store.getStore();
  if (facts) for (const tag of tags) facts.changed.add(tag);
}

/** The tag of one product: pages that showed it, and writes that change only it. */
export const productTag = (id: number) => `product:${id}`;

/** The tag of a product's own pages (its page, its data, its API read), which a write removing it drops. */
export const productPageTag = (id: number) => `page:${productTag(id)}`;

/** What a write notes when the product stops being public (hidden, deleted, back to processing). */
export const productGoneTag = (id: number) => `gone:${productTag(id)}`;

/** The own-page tag a gone tag drops (`gone:product:12` → `page:product:12`), or null for any other tag. */
export const pageTagOfGone = (tag: string): string | null => (tag.startsWith("gone:") ? `page:${tag.slice("gone:".length)}` : null);

/**
 * The tag of a list of the site (the Gift list, the stock collection, the gallery, videos,
 * display images, home slides): pages that showed it, and writes that change it.
 */
export const siteListTag = (table: "gift_entries" | "stock_entries" | "gallery_images" | "videos" | "display_images" | "home_slides") => `list:${table}`;

/** A write that may change any page (a product became public: every listing may gain it). */
export const ANY_CHANGE = "*";

/** What a finished media job changed: a product's or the site's images (a failure names nothing). */
export const MEDIA_JOB_CHANGE = "media";

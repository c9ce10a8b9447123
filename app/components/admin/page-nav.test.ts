import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { PageNav } from "./page-nav.tsx";

/** The pager as the server renders it at `url` (a static router; no Remix context is needed by <Link>). */
async function render(url: string, page: number, pageCount: number): Promise<string> {
  const routes = [{ path: "/dashboard/all-products", Component: () => createElement(PageNav, { page, pageCount }) }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`unexpected ${context.status}`);
  return renderToStaticMarkup(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }));
}

const links = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(([, href, text]) => ({ href: href!.replaceAll("&amp;", "&"), text }));

describe("admin pager", () => {
  it("shows Previous, the first and last page, two either side and Next: never every page", async () => {
    const html = await render("/dashboard/all-products?category=wall-hanging&page=200&status=saved", 200, 417);
    expect(links(html).map((l) => l.text)).toEqual(["Previous", "1", "198", "199", "200", "201", "202", "417", "Next"]);
    expect(html.match(/…/g)).toHaveLength(2);
    expect(html).toMatch(/aria-current="page"[^>]*>200</);
  });

  it("keeps the filter and drops the status message in every link", async () => {
    const html = await render("/dashboard/all-products?category=wall-hanging&page=2&status=saved", 2, 3);
    expect(links(html).map((l) => l.href)).toEqual([
      "/dashboard/all-products?category=wall-hanging&page=1",
      "/dashboard/all-products?category=wall-hanging&page=1",
      "/dashboard/all-products?category=wall-hanging&page=2",
      "/dashboard/all-products?category=wall-hanging&page=3",
      "/dashboard/all-products?category=wall-hanging&page=3",
    ]);
  });

  it("has no Previous on the first page, no Next on the last, and nothing for one page", async () => {
    expect(links(await render("/dashboard/all-products", 1, 2)).map((l) => l.text)).toEqual(["1", "2", "Next"]);
    expect(links(await render("/dashboard/all-products?page=2", 2, 2)).map((l) => l.text)).toEqual(["Previous", "1", "2"]);
    expect(await render("/dashboard/all-products", 1, 1)).toBe("");
  });
});

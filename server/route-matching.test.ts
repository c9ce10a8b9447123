import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { installRouteMatchCache } from "./route-matching.ts";

type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: Route };
type MatchRoutes = (routes: Route[], location: string | { pathname: string }, basename?: string) => Match[] | null;

const router = createRequire(import.meta.url)("@remix-run/router") as { matchRoutes: MatchRoutes };
const original = router.matchRoutes;
installRouteMatchCache(50);
const cached = router.matchRoutes;

/** The shape of the app's tree: a pathless shop layout, a product layout, API routes, a splat. Fresh objects each call, as the render makes them. */
function tree(): Route[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "admin", path: "admin" },
        ...["getAll", "getCount", "add"].map((name) => ({ id: `api.${name}`, path: `api/v1/trending/${name}` })),
        { id: "api.byId", path: "api/v1/products/getProductById/:id" },
        {
          id: "_shop",
          children: [
            { id: "_shop._index", index: true },
            {
              id: "_shop.product.$category",
              path: "product/:category",
              children: [
                { id: "_shop.product.$category._index", index: true },
                { id: "_shop.product.$category.$id", path: ":id" },
              ],
            },
            { id: "_shop.$", path: "*" },
          ],
        },
      ],
    },
  ];
}

const plain = (matches: Match[] | null) =>
  matches?.map((m) => ({ id: m.route.id, params: { ...m.params }, pathname: m.pathname, pathnameBase: m.pathnameBase })) ?? null;

describe("installRouteMatchCache", () => {
  const paths = ["/", "/product/wall-hanging", "/product/wall-hanging/7", "/product/wall-hanging/7/", "/api/v1/trending/getAll", "/api/v1/products/getProductById/12", "/no/such/page", "/Admin", "/product/trending?page=2"];

  it("answers exactly as the router does, first time and from the cache", () => {
    expect(cached).not.toBe(original);
    for (const path of paths) {
      const expected = plain(original(tree(), path));
      expect(plain(cached(tree(), path)), path).toEqual(expected);
      expect(plain(cached(tree(), path)), `${path} (cached)`).toEqual(expected);
      expect(plain(cached(tree(), { pathname: path.split("?")[0]! })), `${path} as a location`).toEqual(plain(original(tree(), { pathname: path.split("?")[0]! })));
    }
  });

  it("returns the caller's own route objects and fresh params, shared across the matches like the router's", () => {
    const routes = tree();
    const first = cached(routes, "/product/wall-hanging/7")!;
    const product = routes[0]!.children!.find((r) => r.id === "_shop")!.children!.find((r) => r.id === "_shop.product.$category")!;
    expect(first.at(-1)!.route).toBe(product.children![1]);
    expect(first[0]!.params).toBe(first.at(-1)!.params);
    first[0]!.params.category = "changed";
    expect(cached(tree(), "/product/wall-hanging/7")!.at(-1)!.params).toEqual({ category: "wall-hanging", id: "7" });
  });

  it("keeps trees of different shapes and basenames apart", () => {
    const other = tree();
    other[0]!.children!.push({ id: "extra", path: "product/special" });
    expect(plain(cached(other, "/product/special"))?.at(-1)?.id).toBe("extra");
    expect(plain(cached(tree(), "/product/special"))?.at(-1)?.id).toBe("_shop.product.$category._index");
    expect(plain(cached(tree(), "/shop/product/x", "/shop"))).toEqual(plain(original(tree(), "/shop/product/x", "/shop")));
    expect(cached(tree(), "/elsewhere", "/shop")).toBeNull();
  });

  it("is installed once", () => {
    installRouteMatchCache();
    expect(router.matchRoutes).toBe(cached);
  });
});

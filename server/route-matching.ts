import { createRequire } from "node:module";
import { LRUCache } from "lru-cache";

// Remix v2's router (@remix-run/router 1.x) flattens, ranks and compiles a RegExp for every
// route of the tree on each matchRoutes call, and a document request makes five of them (the
// server runtime, the static handler, the render's <Routes>, and lazy route discovery for each
// parent path): about a sixth of an uncached render here, with ~90 routes. React Router 7 caches
// the ranked branches (remix-run/react-router#14967, #14971); Remix v2 never got that. The server
// runtime, react-router and @remix-run/react call `matchRoutes` through the CommonJS exports of
// @remix-run/router at call time, so memoising that export serves all but the static handler's
// own call. The answer depends only on the tree's shape and the pathname, so results are kept per
// shape (path, index, caseSensitive, children) and pathname, as positions in the tree, and
// rebuilt against the routes array the caller passed (the render makes a new one per request).
// docs/decisions/090-uncached-render.md

interface RouteLike {
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteLike[];
}
interface RouteMatch {
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
  route: RouteLike;
}
type LocationArg = string | { pathname?: string };
type MatchRoutes = ((routes: RouteLike[], location: LocationArg, basename?: string, ...rest: unknown[]) => RouteMatch[] | null) & {
  routeMatchCache?: true;
};
interface RouterModule {
  matchRoutes: MatchRoutes;
  parsePath: (path: string) => { pathname?: string };
}

/** A routes array's shape, numbered, and where each of its routes sits ("0.2.1"). */
interface Tree {
  shape: number;
  positionOf: Map<RouteLike, string>;
  routeAt: Map<string, RouteLike>;
}
interface StoredMatches {
  params: Record<string, string | undefined>;
  matches: Array<{ position: string; pathname: string; pathnameBase: string }>;
}

const requireCjs = createRequire(import.meta.url);

/** Memoises @remix-run/router's matchRoutes for this process (idempotent). */
export function installRouteMatchCache(maxPaths = 2000): void {
  const router = requireCjs("@remix-run/router") as RouterModule;
  const original = router.matchRoutes;
  if (original.routeMatchCache) return;
  const shapes = new Map<string, number>();
  const trees = new WeakMap<RouteLike[], Tree>();
  // Bounded: crawlers asking for random paths cannot grow it.
  const results = new LRUCache<string, { stored: StoredMatches | null }>({ max: maxPaths });

  function treeOf(routes: RouteLike[]): Tree {
    let tree = trees.get(routes);
    if (tree) return tree;
    const positionOf = new Map<RouteLike, string>();
    const routeAt = new Map<string, RouteLike>();
    const describe = (list: RouteLike[], prefix: string): string =>
      list
        .map((route, i) => {
          const position = `${prefix}${i}`;
          positionOf.set(route, position);
          routeAt.set(position, route);
          const children = route.children?.length ? `[${describe(route.children, `${position}.`)}]` : "";
          return `${route.path ?? ""}|${route.index ? 1 : 0}|${route.caseSensitive ? 1 : 0}${children}`;
        })
        .join(",");
    const description = describe(routes, "");
    let shape = shapes.get(description);
    if (shape === undefined) shapes.set(description, (shape = shapes.size));
    tree = { shape, positionOf, routeAt };
    trees.set(routes, tree);
    return tree;
  }

  const cached: MatchRoutes = (routes, location, basename = "/", ...rest) => {
    if (rest.length > 0 || !Array.isArray(routes)) return original(routes, location, basename, ...rest);
    const tree = treeOf(routes);
    const pathname = (typeof location === "string" ? router.parsePath(location).pathname : location.pathname) || "/";
    const key = `${tree.shape} ${basename} ${pathname}`;
    let entry = results.get(key);
    if (!entry) {
      const matches = original(routes, location, basename);
      const stored = matches && {
        params: { ...matches.at(-1)?.params },
        matches: matches.map((m) => ({ position: tree.positionOf.get(m.route)!, pathname: m.pathname, pathnameBase: m.pathnameBase })),
      };
      // A route outside the array given (not expected) cannot be rebuilt by position: not kept.
      if (stored?.matches.some((m) => m.position === undefined)) return matches;
      results.set(key, (entry = { stored }));
    }
    if (!entry.stored) return null;
    // Fresh objects for every caller; like the original, all matches share one params object.
    const params = { ...entry.stored.params };
    return entry.stored.matches.map((m) => ({ params, pathname: m.pathname, pathnameBase: m.pathnameBase, route: tree.routeAt.get(m.position)! }));
  };
  cached.routeMatchCache = true;
  router.matchRoutes = cached;
}

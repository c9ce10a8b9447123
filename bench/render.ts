// Row 7, the uncached render: a storefront page rendered by the production build's
// Remix request handler (matching, loaders with their SQL, React, single-fetch data, scripts),
// against a bare React render of the same route components with the same loader data (a
// react-router static router over the build's route modules, data captured once, no SQL).
// Both in this process, alternating rounds; the page cache is not involved.
//
//   tsx bench/render.ts [--build DIR] [--rounds N] [path …]   (env: DATABASE_URL etc. of a seeded shop)
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type { StaticHandlerContext } from "@remix-run/router";
import type * as ReactNS from "react";
import type * as ReactDomServer from "react-dom/server";
import type { RouteObject } from "react-router-dom";
import type * as RouterServer from "react-router-dom/server";
import { fmt, type Row, type Section } from "./report.ts";

// The build's modules load React Router as CommonJS; the bare render must use the same copies
// (an ESM import of react-router-dom/server would bring a second router context).
const requireCjs = createRequire(import.meta.url);
const { createStaticHandler, createStaticRouter, StaticRouterProvider } = requireCjs("react-router-dom/server") as typeof RouterServer;
const { renderToString } = requireCjs("react-dom/server") as typeof ReactDomServer;
const { createElement } = requireCjs("react") as typeof ReactNS;

export interface RenderOptions {
  buildDir: string;
  paths: Array<{ label: string; path: string }>;
  rounds: number;
  perRound: number;
}

interface Timing {
  cpuMs: number;
  wallMs: number;
  renders: number;
}

async function timed(renders: number, once: () => Promise<unknown>): Promise<Timing> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < renders; i++) await once();
  const used = process.cpuUsage(cpu);
  return { cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - started, renders };
}

/** The build's route manifest as react-router route objects, each route's loader taken from its module. */
function routeTree(build: ServerBuild): RouteObject[] {
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(build.routes)
      .filter((route) => route.parentId === parentId)
      .map((route) => {
        const module = route.module as { default?: RouteObject["Component"]; loader?: RouteObject["loader"] };
        const common = { id: route.id, path: route.path, caseSensitive: route.caseSensitive, Component: module.default, loader: module.loader };
        return route.index ? { ...common, index: true as const } : { ...common, children: children(route.id) };
      });
  return children(undefined);
}

/** Loader data once (the real loaders), then a render function that only runs React over it. */
async function bareRenderer(build: ServerBuild, url: string): Promise<{ render: () => string; loaderData: Record<string, unknown> }> {
  const handler = createStaticHandler(routeTree(build));
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`${url}: the bare router answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context as StaticHandlerContext);
  return {
    render: () => renderToString(createElement(StaticRouterProvider, { router, context: context as StaticHandlerContext, hydrate: false })),
    loaderData: (context as StaticHandlerContext).loaderData,
  };
}

/**
 * The same build with each loader of this page answering its captured data: Remix's own work
 * (matching, single fetch, the document, the streams) with no SQL, to show in the same run how
 * much of the gap is the data access. Its own manifest object, so the patched RemixServer keeps
 * its route objects apart from the real build's.
 */
function withGivenData(build: ServerBuild, loaderData: Record<string, unknown>): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const given = id in loaderData ? { loader: () => loaderData[id] } : {};
      return [id, { ...route, module: { ...route.module, ...given } }];
    }),
  );
  return { ...build, routes, assets: { ...build.assets, routes: { ...build.assets.routes } } } as ServerBuild;
}

export async function loadBuild(buildDir: string): Promise<ServerBuild> {
  return (await import(pathToFileURL(path.resolve(buildDir, "server/index.js")).href)) as ServerBuild;
}

export async function runRender(options: RenderOptions): Promise<Section> {
  const { createRequestHandler } = await import("@remix-run/node");
  const build = await loadBuild(options.buildDir);
  const handle = createRequestHandler(build, "production");
  const rows: Row[] = [];
  const details = [
    "| URL | ours: CPU per render, renders/s (one at a time) | ours with the loaders' data given (no SQL): CPU per render, ratio | bare React: CPU per render, renders/s | HTML bytes ours / bare |",
    "|---|---|---|---|---|",
  ];
  for (const page of options.paths) {
    const url = `http://localhost${page.path}`;
    const ours = async () => {
      const response = await handle(new Request(url), { cspNonce: "bench-nonce" });
      if (response.status !== 200) throw new Error(`${page.path} answered ${response.status}`);
      // Bytes, as the web server pipes them to the socket: decoding them into a string is the harness's work, not the app's.
      return response.arrayBuffer();
    };
    const { render: bare, loaderData } = await bareRenderer(build, url);
    const handleGiven = createRequestHandler(withGivenData(build, loaderData), "production");
    const given = async () => (await handleGiven(new Request(url), { cspNonce: "bench-nonce" })).arrayBuffer();
    const ourBytes = (await ours()).byteLength;
    const bareBytes = Buffer.byteLength(bare());
    if ((await given()).byteLength !== ourBytes) throw new Error(`${page.path}: the render with the data given differs from ours in length`);
    const total = { ours: { cpuMs: 0, wallMs: 0, renders: 0 }, given: { cpuMs: 0, wallMs: 0, renders: 0 }, bare: { cpuMs: 0, wallMs: 0, renders: 0 } };
    for (let round = 0; round <= options.rounds; round++) {
      const a = await timed(options.perRound, ours);
      const g = await timed(options.perRound, given);
      const b = await timed(options.perRound, async () => bare());
      if (round === 0) continue; // warm-up
      for (const [sum, t] of [[total.ours, a], [total.given, g], [total.bare, b]] as const) {
        sum.cpuMs += t.cpuMs;
        sum.wallMs += t.wallMs;
        sum.renders += t.renders;
      }
    }
    const perRender = (t: Timing) => t.cpuMs / t.renders;
    const perSecond = (t: Timing) => (t.renders / t.wallMs) * 1000;
    const ratio = perRender(total.bare) / perRender(total.ours);
    const givenRatio = perRender(total.bare) / perRender(total.given);
    rows.push({
      name: `${page.label} \`${page.path}\`: uncached render vs bare React render (CPU per render)`,
      ours: `${fmt.ms(perRender(total.ours))} (${fmt.n(perSecond(total.ours))} renders/s)`,
      baseline: `${fmt.ms(perRender(total.bare))} (${fmt.n(perSecond(total.bare))} renders/s)`,
      ratio: fmt.ratio(ratio),
      target: "≥ 0.30",
      pass: ratio >= 0.3,
      note:
        ratio >= 0.3
          ? undefined
          : `the rest is Remix's own work around the same React render (matching, the single-fetch data inlined as scripts, the document's head and scripts, the streams) and the loaders' SQL: with each loader answering its captured data (no SQL) the same handler takes ${fmt.ms(perRender(total.given))}, ratio ${fmt.ratio(givenRatio)}, so the data access is ${fmt.ms(perRender(total.ours) - perRender(total.given))} of the gap.`,
    });
    details.push(
      `| \`${page.path}\` | ${fmt.ms(perRender(total.ours))}, ${fmt.n(perSecond(total.ours))} | ${fmt.ms(perRender(total.given))}, ${fmt.ratio(givenRatio)} | ${fmt.ms(perRender(total.bare))}, ${fmt.n(perSecond(total.bare))} | ${ourBytes} / ${bareBytes} |`,
    );
  }
  return {
    title: "7. Uncached render",
    method: `In the harness process, ${options.rounds} rounds of ${options.perRound} renders of each after one warm-up round, alternating. Ours: the production build's Remix request handler (\`createRequestHandler\`, as the web server calls it with \`PAGE_CACHE=off\`: route matching, every loader with its SQL on the bench database, React, the single-fetch data inlined as scripts), the whole HTML read as bytes (as the server pipes it to the socket; not decoded into a string). Baseline: a bare React render (\`renderToString\` under react-router's static router) of the same route modules' components with the same loader data, captured once from the same loaders. Beside them, in the same rounds, the same Remix handler over the build with each of the page's loaders answering that captured data (no SQL): what Remix's own work costs. Judged on CPU time of this process per render (user + system); renders/s one at a time shown beside it.`,
    rows,
    details: ["Raw figures:", "", ...details],
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i === -1 ? undefined : args.splice(i, 2)[1];
  };
  const buildDir = option("build") ?? "build";
  const rounds = Number(option("rounds") ?? 5);
  const paths = (args.length ? args : ["/product/available-collection", "/product/wall-hanging/7", "/"]).map((p) => ({ label: p, path: p }));
  const { renderSection } = await import("./report.ts");
  console.log(renderSection(await runRender({ buildDir, paths, rounds, perRound: 20 })));
  process.exit(0);
}

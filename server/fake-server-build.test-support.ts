import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import express from "express";
import type { ServerBuild } from "@remix-run/node";
import { PageCache } from "./page-cache.ts";
import { createCachedRequestHandler, createPageCacheHits } from "./remix-handler.ts";

/** A Remix server build of the given routes (no documents, no assets), for tests of the request handler. */
export function fakeServerBuild(routes: Record<string, unknown>): ServerBuild {
  return {
    mode: "production",
    entry: { module: { default: () => new Response("no documents here", { status: 500 }) } },
    routes: { root: { id: "root", path: "", module: {} }, ...routes },
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    isSpaMode: false,
  } as unknown as ServerBuild;
}

/**
 * The page cache's part of server/index.ts on a free port: the hits first, a nonce per request,
 * then the cached handler over `build`. Resolves with the server's origin and a way to stop it.
 */
export async function listenWithCache(
  options: Omit<Parameters<typeof createCachedRequestHandler>[0], "cache" | "mode">,
): Promise<{ origin: string; close: () => Promise<void>; cache: PageCache }> {
  const app = express();
  const cache = new PageCache();
  app.use(createPageCacheHits(cache));
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  app.all("*", createCachedRequestHandler({ ...options, mode: "production", cache }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
    cache,
  };
}

import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import http from "node:http";
import type { Socket } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express, { type Request, type Response } from "express";
import helmet, { contentSecurityPolicy } from "helmet";
import { loadEnvOrExit } from "#app/env.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { isCrossSite } from "#app/modules/auth/origin.server.ts";
import { getStorage, LocalDiskStorage } from "#app/modules/media/storage.server.ts";
import { heardVersionMs } from "#app/modules/site/page-cache-limits.ts";
import { listenForBumps } from "#app/modules/site/public-version.server.ts";
import { publicUrlWarning } from "#app/modules/site/public-url.ts";
import { TAP_PATH } from "#app/modules/interest/kinds.ts";
import { flushPageHits } from "#app/modules/interest/counter.server.ts";
import { applyClientAddress } from "./client-address.ts";
import { countPageViews, tapEndpoint } from "./interest.ts";
import { mediaFromStore, mediaRedirect } from "./media-proxy.ts";
import { PageCache } from "./page-cache.ts";
import { compressionFilter, createCachedRequestHandler, createPageCacheHits } from "./remix-handler.ts";
import { requestLog } from "./request-log.ts";
import { closeUnreadBodies, limitBodies, redirectToCanonicalPath, refuseMalformedAddresses, refuseUnacceptedHosts, refuseUnservedMethods } from "./request-limits.ts";

const env = loadEnvOrExit();
logger.setBindings({ process: "web" });
const production = env.NODE_ENV === "production";
// In production this file is built with the app (build/server/web.js, vite.config.ts): the pages
// and this layer share one copy of every module, so one storage for both.
const storage = getStorage();
await storage.ensureDirs();
// Media sent from elsewhere (a CDN, the bucket): pages still link /media/*, which redirects there.
const mediaOrigin = env.MEDIA_PUBLIC_URL ? [new URL(env.MEDIA_PUBLIC_URL).origin] : [];

const app = express();
app.disable("x-powered-by");
applyClientAddress(app, env.TRUST_PROXY);

app.use(
  helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: env.PUBLIC_URL.startsWith("https:"),
  }),
);

app.use(refuseMalformedAddresses, refuseUnacceptedHosts(env), redirectToCanonicalPath, refuseUnservedMethods, closeUnreadBodies);

// Anonymous storefront reads come from the page cache while the public version is
// unchanged; admin writes bump that version (docs/decisions/050-page-cache.md).
const pageCache = env.PAGE_CACHE === "on" ? new PageCache(64 * 1024 * 1024) : null;
// Bumps are announced on Redis: a hit need not read the version, nor a render the shop details.
listenForBumps(heardVersionMs(env.PAGE_CACHE_STALE_SECONDS));
// Counted after the answer is sent, cache hits included (server/interest.ts).
if (env.INTEREST_COUNTING === "on") app.use(countPageViews());
if (pageCache) app.use(createPageCacheHits(pageCache));

app.use(requestLog());

// A render's scripts carry a fresh nonce; an answer from the page cache carries its entry's
// hash-based policy instead (docs/decisions/097-hash-csp-for-cached-pages.md), so the nonce is
// made only for requests that reach the render.
app.use((req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
});

app.use(
  contentSecurityPolicy({
    useDefaults: false,
    directives: {
      "default-src": ["'self'"],
      "base-uri": ["'self'"],
      "connect-src": production ? ["'self'"] : ["'self'", "ws:"],
      "font-src": ["'self'"],
      "form-action": ["'self'"],
      "frame-ancestors": ["'none'"],
      "frame-src": ["https://www.google.com", "https://maps.google.com"],
      "img-src": ["'self'", "data:", "blob:", ...mediaOrigin],
      "media-src": ["'self'", "blob:", ...mediaOrigin],
      "object-src": ["'none'"],
      "script-src": ["'strict-dynamic'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
      "script-src-attr": ["'none'"],
      "style-src": ["'self'", "'unsafe-inline'"],
      "upgrade-insecure-requests": production && env.PUBLIC_URL.startsWith("https:") ? [] : null,
    },
  }),
);

// The catalogue feeds are megabytes of repetitive XML for a fetcher: zlib's fastest level still
// shrinks them about 20 times, in a quarter of the default level's time (decision 093).
app.use("/feeds/", compression({ level: 1 }));
app.use(compression({ filter: (req, res) => !req.path.startsWith("/feeds/") && compressionFilter(req, res) }));

// Cookies are sent cross-site with top-level POSTs in some browsers; refuse any state
// change that a page on another site started, for pages and the API alike.
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const origin = req.headers.origin;
  const secFetchSite = req.get("sec-fetch-site");
  if (!isCrossSite({ origin, secFetchSite }, `${req.protocol}://${req.get("host")}`)) return next();
  logger.warn({ url: req.originalUrl, origin, secFetchSite }, "cross-site request refused");
  if (req.path.startsWith("/api/")) {
    res.status(403).json({ success: false, message: "Cross-site requests are not allowed" });
  } else {
    res.status(403).type("text/plain").send("Cross-site requests are not allowed");
  }
});

// A WhatsApp link's ping or the page's beacon (a same-site POST: the check above refuses others).
app.post(TAP_PATH, tapEndpoint());

// Asked for by link previews and old browsers whatever the page names: the icon, not a 404 page.
app.get("/favicon.ico", (_req, res) => res.set("Cache-Control", "public, max-age=86400").redirect(301, "/favicon.svg"));

// Derived media: content-addressed, so cacheable forever. Originals live outside this folder
// (and, on an object store, under a prefix this route never reads).
app.use(
  "/media",
  env.MEDIA_PUBLIC_URL
    ? mediaRedirect(env.MEDIA_PUBLIC_URL)
    : storage instanceof LocalDiskStorage
    ? express.static(storage.mediaDir, {
        immutable: true,
        maxAge: "1y",
        index: false,
        dotfiles: "deny",
        redirect: false,
        fallthrough: false,
      })
    : mediaFromStore(storage),
);

let build: ServerBuild | (() => Promise<ServerBuild>);
if (production) {
  // The build this file is part of: build/server/web.js serves build/client.
  const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  // Hashed names, so cacheable forever; sent as the build's brotli or zopfli-gzip copy
  // when the browser accepts one (vite.config.ts), never compressed again per request.
  app.use(
    "/assets",
    expressStaticGzip(path.join(buildDir, "client/assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      index: false,
      serveStatic: { immutable: true, maxAge: "1y", index: false },
    }),
  );
  // The build's other public files (favicon, …) are fixed at start: only their paths reach the
  // file system, so a page request costs no stat() and no 404 error object on its way to Remix.
  const clientDir = path.join(buildDir, "client");
  const clientFiles = new Set(
    (await readdir(clientDir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`),
  );
  const serveClient = express.static(clientDir, { maxAge: "1h", index: false });
  app.use((req, res, next) => (clientFiles.has(req.path) ? serveClient(req, res, next) : next()));
  // Resolved by the build to its own server build; from source (tsx) production is refused.
  build = (await import("virtual:remix/server-build").catch(() => {
    throw new Error("production runs the built server: node build/server/web.js (npm run build first)");
  })) as unknown as ServerBuild;
} else {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  app.use(vite.middlewares);
  build = () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
}

// Remix answers "<path>.data" with loader data for client navigation; the JSON API has
// no such form, so it must not leak a page's data under /api.
app.all(/^\/api\/.*\.data$/, (_req, res) => {
  res.status(404).json({ success: false, message: "Not found" });
});

// Small bodies are read whole here, capped and timed (server/request-limits.ts); uploads stream.
app.use(limitBodies({ timeoutMs: env.HTTP_FORM_BODY_TIMEOUT_SECONDS * 1000 }));

app.all(
  "*",
  createCachedRequestHandler({
    build,
    mode: env.NODE_ENV,
    cache: pageCache,
    staleSeconds: env.PAGE_CACHE_STALE_SECONDS,
    warmPages: env.PAGE_CACHE_WARM_PAGES,
  }),
);

// Errors from express.static (404 on /media, bad paths) and anything else before Remix.
app.use((error: Error & { status?: number; statusCode?: number }, req: Request, res: Response, _next: () => void) => {
  const status = error.status ?? error.statusCode ?? 500;
  if (status >= 500) logger.error({ err: error }, "request failed");
  const message = status === 404 ? "Not found" : status === 400 ? "Bad request" : "Error";
  if (req.path.startsWith("/api/")) res.status(status).json({ success: false, message });
  else res.status(status).type("text/plain").send(message);
});

const server = http.createServer(app);
// A body announced with `Expect: 100-continue` is asked for only once its size is accepted
// (server/request-limits.ts); no page in the cache takes one.
server.on("checkContinue", (req, res) => app(req, res));

/** Connections with a request in progress: one of those going silent is a stalled upload, worth a warning. */
const answering = new WeakSet<Socket>();
function trackAnswering(req: http.IncomingMessage, res: http.ServerResponse): void {
  answering.add(req.socket);
  res.once("close", () => answering.delete(req.socket));
}
server.prependListener("request", trackAnswering);
server.prependListener("checkContinue", trackAnswering);

// Node's defaults end any request after 5 minutes, which would cut off a large video sent
// from a phone on a slow line; what is cut off instead is a connection that goes silent.
server.requestTimeout = 0;
server.headersTimeout = 60_000;
server.setTimeout(env.HTTP_IDLE_TIMEOUT_SECONDS * 1000, (socket) => {
  // A browser's spare connection that never carried a request is closed without a word.
  if (answering.has(socket)) logger.warn({ remoteAddress: socket.remoteAddress }, "silent connection closed mid-request");
  else logger.debug({ remoteAddress: socket.remoteAddress }, "idle connection closed");
  socket.destroy();
});
server.listen(env.PORT, () => {
  logger.info({ url: env.PUBLIC_URL, port: env.PORT, mode: env.NODE_ENV, node: process.version }, "web server listening");
  const warning = publicUrlWarning(env.PUBLIC_URL);
  if (warning) logger.warn({ PUBLIC_URL: env.PUBLIC_URL }, warning);
  if (env.ALLOWED_HOSTS === null) logger.warn("neither ALLOWED_HOSTS nor PUBLIC_URL is set: every Host is answered, and links use PUBLIC_URL's default until Shop details sets the public address");
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "web server stopping");
  // The page hits still gathering are written before the process ends.
  server.close(() => void flushPageHits().finally(() => process.exit(0)));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));

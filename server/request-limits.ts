import type { NextFunction, Request, RequestHandler, Response } from "express";
import getRawBody from "raw-body";
import { isAcceptedHost, type Env } from "#app/env.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { requestHost } from "./express-fetch.ts";
import { canonicalAddress } from "./page-cache-key.ts";

// What the server reads of a request before the app sees it (docs/reliability.md):
// - the address: a path on a host (origin-form target, a Host that is a host and port), else 400;
// - the host: one the shop answers to (ALLOWED_HOSTS), else 400, so no link is built on a forged Host;
// - methods: pages answer GET, HEAD and POST; the API GET, HEAD, POST, PUT and DELETE (each
//   call its own, with a 405 naming it); feeds and other read-only resources GET and HEAD;
//   anything else is a 405 here, never a crash in Remix;
// - uploads stream to disk under their own per-file caps (app/modules/media/upload.server.ts),
//   cut off only when the connection goes silent (HTTP_IDLE_TIMEOUT_SECONDS);
// - every other body is small: read whole here, refused with 413 past its cap (from
//   Content-Length before a byte is read, or while a chunked body arrives) and with 408 when
//   it has not arrived within the form timeout, so a slow drip cannot hold a connection.

// tests/integration/route-lists.test.ts checks the lists below against app/routes/.

const KB = 1024;

/** The routes whose multipart bodies are uploads, streamed to disk; `.data` is Remix's form of the same page. */
export const UPLOAD_ROUTES: readonly RegExp[] = [
  /^\/dashboard\/(upload|image-upload|upload-gallery|video-upload)(\.data)?$/,
  /^\/dashboard\/edit-product\/[^/]+(\.data)?$/,
  /^\/commission(\.data)?$/,
  /^\/api\/v1\/(products\/create|products\/update\/[^/]+|gallery\/add|video\/add|fiximage\/add)$/,
];

/** Sign-in takes an e-mail and a password; every other form or JSON body fits in 64 KB. */
const SMALL_BODY_ROUTES: readonly { path: RegExp; maxBytes: number }[] = [
  { path: /^\/(admin(\.data)?|api\/v1\/user\/login)$/, maxBytes: 8 * KB },
];
export const FORM_BODY_MAX_BYTES = 64 * KB;

export const PAGE_METHODS = ["GET", "HEAD", "POST"] as const;
export const API_METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE"] as const;
export const READ_METHODS = ["GET", "HEAD"] as const;
/** Resources that only answer GET (app/routes: the feeds, the sitemap, robots.txt, the health check, the OpenAPI document). */
export const READ_ONLY_PATHS: readonly string[] = ["/healthz", "/robots.txt", "/sitemap.xml", "/feeds/google.xml", "/feeds/meta.xml", "/api/v1/openapi.json"];

const mediaType = (req: Request) => (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
const isMultipart = (req: Request) => mediaType(req) === "multipart/form-data";
/** What a page form is sent as; the API answers other types itself (415 naming the type). */
const PAGE_FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * Node answers `Expect: 100-continue` itself unless the server listens for checkContinue;
 * server/index.ts does, so the client sends its body only once its size has been accepted.
 */
function continueIfAsked(req: Request, res: Response): void {
  if ((req.headers.expect ?? "").toLowerCase() === "100-continue") res.writeContinue();
}

/** The body cap of a request: "stream" for an upload, else the most bytes it may carry. */
export function bodyLimitFor(path: string, multipart: boolean): number | "stream" {
  if (multipart && UPLOAD_ROUTES.some((route) => route.test(path))) return "stream";
  return SMALL_BODY_ROUTES.find((route) => route.path.test(path))?.maxBytes ?? FORM_BODY_MAX_BYTES;
}

/** The bodies limitBodies read, by request (uploads have none: they stream). */
const bodies = new WeakMap<Request, Buffer>();

/** Answers and closes the connection, leaving the rest of the body unread. */
function refuse(req: Request, res: Response, status: 400 | 405 | 408 | 413 | 415, message: string, allow?: string): void {
  if (res.headersSent) return;
  if (allow) res.setHeader("Allow", allow);
  res.setHeader("Connection", "close");
  if (req.path.startsWith("/api/")) res.status(status).json({ success: false, message });
  else res.status(status).type("text/plain").send(message);
}

/** A host name or IPv4 address, or a bracketed IPv6 address, and an optional port: a Host header without user info, path or query. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.?|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

export function isHostAndPort(value: string): boolean {
  const match = HOST.exec(value);
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65535);
}

/**
 * 400 for a request whose address cannot be rebuilt as a path on this host: a target that is not
 * a path (`GET http://elsewhere/`, `GET *`), or a Host (or a trusted X-Forwarded-Host) with a
 * path, query, user info or bad port in it. The page cache files an answer under the path asked
 * for, so the page rendered must be that path's: `Host: x/search?q=…` would otherwise store a
 * search page as /contact for everyone.
 */
export const refuseMalformedAddresses: RequestHandler = (req, res, next) => {
  const host = requestHost(req);
  const problem = !req.originalUrl.startsWith("/")
    ? "The request target must be a path on this site."
    : host !== undefined && !isHostAndPort(host)
    ? "The Host header must be a host name and an optional port."
    : undefined;
  if (problem === undefined) return next();
  // Refused before the request log (server/index.ts), so said here.
  logger.warn({ method: req.method, url: req.originalUrl, host }, "malformed address refused");
  refuse(req, res, 400, problem);
};

/**
 * A GET or HEAD of a path spelled with an empty segment or a trailing slash (`/about/`, `//x/about`)
 * moves to its one spelling (301): each spelling would otherwise render and be stored apart
 * (server/page-cache-key.ts). Other methods are not moved: a redirect would drop their body.
 */
export const redirectToCanonicalPath: RequestHandler = (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const target = canonicalAddress(req.originalUrl);
  if (target === null) return next();
  res.redirect(301, target);
};

/** The host name of a Host value (`[::1]:3000` → `[::1]`, `shop.in:443` → `shop.in`). */
export function hostNameOf(host: string): string {
  return host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.replace(/:\d*$/, "");
}

/**
 * 400 for a Host (or trusted X-Forwarded-Host) the shop does not answer to: until a public address
 * is set, links are built on the visitor's address (app/modules/site/settings.server.ts), which
 * must never be one a request made up. With no list (production, nothing set) every host is served.
 */
export function refuseUnacceptedHosts(env: Pick<Env, "ALLOWED_HOSTS">): RequestHandler {
  return (req, res, next) => {
    const host = requestHost(req);
    if (env.ALLOWED_HOSTS === null || (host !== undefined && isAcceptedHost(env, hostNameOf(host)))) return next();
    logger.warn({ method: req.method, url: req.originalUrl, host }, "request for another host refused");
    refuse(req, res, 400, "This site does not answer to that host name.");
  };
}

/** 405 for a method the page or the API does not serve (TRACE, PROPFIND, OPTIONS, PATCH, …). */
export const refuseUnservedMethods: RequestHandler = (req, res, next) => {
  // Remix matches routes whatever their case and with a trailing slash: so does this.
  const readOnly = READ_ONLY_PATHS.includes(req.path.toLowerCase().replace(/(.)\/$/, "$1"));
  const allowed: readonly string[] = readOnly ? READ_METHODS : req.path.startsWith("/api/") ? API_METHODS : PAGE_METHODS;
  if (allowed.includes(req.method)) return next();
  logger.warn({ method: req.method, url: req.originalUrl }, "method refused");
  refuse(req, res, 405, `Method ${req.method.slice(0, 20)} is not allowed here.`, allowed.join(", "));
};

/**
 * A request answered before its body was read (a 401, a 413, a redirect) is read on and
 * thrown away only for a while: Node discards what follows, and the browser, still sending,
 * gets to show the answer (an admin's photo over the limit on a page without JavaScript
 * sees the message, not a reset connection). Past UNREAD_DRAIN_BYTES or UNREAD_DRAIN_MS
 * the connection closes, so a stranger cannot keep it busy.
 */
const UNREAD_DRAIN_BYTES = 64 * 1024 * 1024;
const UNREAD_DRAIN_MS = 10_000;
export const closeUnreadBodies: RequestHandler = (req, res, next) => {
  res.once("finish", () => {
    if (req.complete) return;
    // Nobody reads the body now. A reader from before (the fetch Request's stream, whose queue
    // is full when the answer came first, as a sign-in redirect does) would pause it again at
    // every chunk, and the connection would stall until it is cut.
    req.removeAllListeners("data");
    let drained = 0;
    const cut = () => {
      if (!req.complete) req.socket.destroy();
    };
    req.on("data", (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > UNREAD_DRAIN_BYTES) cut();
    });
    req.resume();
    setTimeout(cut, UNREAD_DRAIN_MS).unref();
  });
  next();
};

/** Reads small bodies whole, within their cap and the form timeout; uploads pass through. */
export function limitBodies(options: { timeoutMs: number }): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    if (!req.path.startsWith("/api/") && !PAGE_FORM_TYPES.includes(mediaType(req))) {
      return refuse(req, res, 415, "Send the form as application/x-www-form-urlencoded or multipart/form-data.");
    }
    const limit = bodyLimitFor(req.path, isMultipart(req));
    const declared = Number(req.headers["content-length"] ?? NaN);
    if (limit === "stream") {
      continueIfAsked(req, res);
      return next();
    }
    if (Number.isFinite(declared) && declared > limit) {
      logger.warn({ url: req.originalUrl, declared, limit }, "request body too large");
      return refuse(req, res, 413, "The request body is too large.");
    }
    continueIfAsked(req, res);
    const timer = setTimeout(() => {
      logger.warn({ url: req.originalUrl, remoteAddress: req.socket.remoteAddress }, "request body too slow");
      refuse(req, res, 408, "The request body did not arrive in time.");
    }, options.timeoutMs);
    getRawBody(req, { limit, length: Number.isFinite(declared) ? declared : undefined }, (error, body) => {
      clearTimeout(timer);
      if (res.headersSent) return;
      if (error) {
        const tooLarge = (error as { type?: string }).type === "entity.too.large";
        if (tooLarge) logger.warn({ url: req.originalUrl, limit }, "request body too large");
        return refuse(req, res, tooLarge ? 413 : 400, tooLarge ? "The request body is too large." : "The request body was cut off.");
      }
      bodies.set(req, body);
      next();
    });
  };
}

/** The Remix request with the body limitBodies read in place of the (consumed) stream. */
export function withBufferedBody(request: globalThis.Request, req: Request): globalThis.Request {
  const body = bodies.get(req);
  return body ? new globalThis.Request(request, { body, duplex: "half" } as RequestInit) : request;
}

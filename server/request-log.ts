import type { Request, Response } from "express";
import { pinoHttp } from "pino-http";
import { logger } from "#app/lib/logger.server.ts";

// One line per request: "GET /gallery 200 in 12 ms" reads as one line at a terminal
// (app/lib/logger.server.ts). Page-cache hits are the bulk of the traffic and say nothing new:
// they are logged only when debugging.

const requestLine = (req: { method?: string; url?: string }, res: { statusCode: number }, ms: number) =>
  `${req.method} ${req.url} ${res.statusCode} in ${Math.round(ms)} ms`;

export function requestLog() {
  const logHits = logger.isLevelEnabled("debug");
  return pinoHttp({
    logger,
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customSuccessMessage: requestLine,
    customErrorMessage: (req, res, error) => `${req.method} ${req.url} ${res.statusCode} failed: ${error.message}`,
    autoLogging: { ignore: (req) => /^\/(assets|media)\/|^\/(favicon\.(svg|ico)|apple-touch-icon\.png)$/.test(req.url ?? "") },
    customLogLevel: (_req, res, error) => {
      if (error || res.statusCode >= 500) return "error";
      if ((res as Response).locals?.cacheState === "HIT") return logHits ? "debug" : "silent";
      return res.statusCode >= 400 ? "warn" : "info";
    },
  });
}

/**
 * A hit answered before requestLog runs (server/remix-handler.ts, createPageCacheHits): the
 * same debug line, at no cost unless debugging.
 */
export function logCacheHit(req: Request, res: Response): void {
  if (!logger.isLevelEnabled("debug")) return;
  const started = performance.now();
  res.once("finish", () => {
    const responseTime = performance.now() - started;
    logger.debug({ req: { method: req.method, url: req.url }, res: { statusCode: res.statusCode }, responseTime }, requestLine(req, res, responseTime));
  });
}

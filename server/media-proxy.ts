import { pipeline } from "node:stream/promises";
import type { NextFunction, Request, Response } from "express";
import { logger } from "#app/lib/logger.server.ts";
import { IMMUTABLE_CACHE_CONTROL, mediaContentType, type MediaStorage } from "#app/modules/media/storage.server.ts";

// Content-addressed names: the key is the version, so it is the ETag too.
const KEY = /^[0-9a-f]{2}\/[0-9a-f]{40}\.[a-z0-9]{2,5}$/;

/**
 * GET /media/<key> answered with a permanent redirect to MEDIA_PUBLIC_URL (a CDN or the
 * bucket's public media/ prefix): the bytes never pass through this process.
 */
export function mediaRedirect(base: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const key = req.path.slice(1);
    if (!KEY.test(key)) return void res.status(404).type("text/plain").send("Not found");
    res.set("Cache-Control", IMMUTABLE_CACHE_CONTROL).redirect(301, `${base}/${key}`);
  };
}

/**
 * GET /media/<key> from an object store, streamed (never read whole), with the byte ranges
 * video players ask for; what express.static does for the disk driver.
 */
export function mediaFromStore(storage: MediaStorage) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const key = req.path.slice(1);
    if (!KEY.test(key)) return void res.status(404).type("text/plain").send("Not found");
    const etag = `"${key.slice(3, key.lastIndexOf("."))}"`;
    res.set({ "Cache-Control": IMMUTABLE_CACHE_CONTROL, ETag: etag, "Accept-Ranges": "bytes" });
    if (req.get("if-none-match") === etag) return void res.status(304).end();
    let file;
    try {
      file = await storage.openDerived(key, req.get("range") ?? undefined);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") return void res.status(404).type("text/plain").send("Not found");
      if ((error as Error).name === "InvalidRange") {
        return void res.status(416).type("text/plain").send("Range not satisfiable");
      }
      return next(error);
    }
    res.status(file.contentRange ? 206 : 200);
    res.set({ "Content-Type": mediaContentType(key), "Content-Length": String(file.bytes) });
    if (file.contentRange) res.set("Content-Range", file.contentRange);
    if (req.method === "HEAD") {
      file.body.destroy();
      return void res.end();
    }
    await pipeline(file.body, res).catch((error: unknown) => {
      // A visitor who leaves mid-video closes the response: not worth an error line.
      if (!res.writableFinished && !req.destroyed) logger.warn({ err: error, key }, "media stream broke off");
    });
  };
}

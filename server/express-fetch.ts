import { createReadableStreamFromReadable } from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

// Express request → fetch Request for Remix, and Remix's Response → Express, as
// @remix-run/express does it (its public entry point offers only a whole handler, and the
// page cache needs the Response in between).

/**
 * The host and port the request's address is built from: X-Forwarded-Host (its first value) only
 * when the connection comes from a proxy named in TRUST_PROXY, as Express decides for
 * `req.hostname`; else Host. server/request-limits.ts refuses a request where it is not a host.
 */
export function requestHost(req: ExpressRequest): string | undefined {
  const trusted = (req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean)(req.socket.remoteAddress, 0);
  const forwarded = trusted ? req.get("X-Forwarded-Host")?.split(",")[0]?.trim() : undefined;
  return forwarded || req.get("host");
}

/**
 * The fetch Request for `req`, aborted when the client goes away before the answer is sent. Its
 * address is this host and exactly the path asked for, which is what the page cache files it under.
 */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const url = new URL(`${req.protocol === "https" ? "https" : "http"}://${requestHost(req) ?? "localhost"}${req.originalUrl}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: "half" } : {}),
  } as RequestInit);
}

/** Sends a fetch Response through Express (every Set-Cookie kept, the body streamed). */
export async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("content-type") ?? "")) res.flushHeaders();
  if (response.body) await writeBody(response.body, res);
  else res.end();
}

/**
 * Streams a body as @remix-run/node's writeReadableStreamToWritable does, except that the chunks
 * that arrive within one turn of the event loop go out as one write and one flush of
 * `compression`: a rendered page (React's chunks, then the single-fetch data's) leaves in a few
 * writes instead of dozens of syscalls and compressor flushes, and a deferred part still streams.
 */
async function writeBody(body: ReadableStream<Uint8Array>, res: ExpressResponse): Promise<void> {
  const reader = body.getReader();
  let pending: Uint8Array[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const chunks = pending;
    pending = [];
    res.write(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    (res as ExpressResponse & { flush?: () => void }).flush?.();
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pending.push(value);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    }
    flush();
    res.end();
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  }
}

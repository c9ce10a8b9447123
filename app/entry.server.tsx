import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { logger } from "#app/lib/logger.server.ts";
import { NonceProvider } from "./components/nonce.tsx";
import { loadAllParts } from "./components/ui/on-demand.tsx";

export const streamTimeout = 5_000;

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Per-response CSP nonce set by the Express server; every inline script carries it. */
    cspNonce?: string;
  }
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // Bots and no-JS clients get the whole document at once; browsers get it streamed.
  const whole = isbot(request.headers.get("user-agent") ?? "");
  // Loaded once, at the first request: after that an on-demand part renders at once, never a fallback.
  await loadAllParts();
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Stops what is still pending after the stream timeout. Cleared once everything rendered:
    // a pending timer keeps the whole render (tree, data, output) alive until it fires, and
    // those seconds of renders, promoted to the old heap, made every young collection slower.
    const timer = setTimeout(() => abort(), streamTimeout + 1_000);
    const respond = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (!whole) respond();
        },
        onAllReady() {
          clearTimeout(timer);
          if (whole) respond();
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "render error");
        },
      },
    );
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // A 4xx answer of the router itself (a POST to a page with no action: 405) is the client's
  // mistake, not the server's; the request log already records it.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // Remix's note that someone asked for `?_data=` (the pre-single-fetch data form): the request is
  // answered as usual, and a stranger adding a query string must not fill the error log.
  if (error instanceof Error && error.message.startsWith("Warning: Single fetch-enabled apps should not be making ?_data requests")) {
    logger.warn({ url: request.url }, "a ?_data= request (single fetch does not use them)");
    return;
  }
  logger.error({ err: error, url: request.url }, "unhandled server error");
}

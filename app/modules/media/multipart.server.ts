import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { Busboy } from "@fastify/busboy";

// A multipart body read part by part with busboy, which reads Content-Disposition as RFC 7578
// says: a quoted file name may hold `=`, `;` or anything else a phone's photo is called.
// (Remix's parser split the header on those and refused `a=b.jpg` as malformed.)

export type Part =
  | { kind: "field"; name: string; value: string; truncated: boolean }
  | { kind: "file"; name: string; filename: string; contentType: string; data: Readable };

/** The body is not well-formed multipart, or it ended before its last boundary. */
export class MalformedMultipartError extends Error {}

/**
 * Calls `onPart` for each part in order, waiting for it before the next: a file's data must
 * be read (or drained) by then. Rejects with the first error of `onPart` or of the body (the
 * body is then no longer read), or with MalformedMultipartError.
 */
export function readParts(request: Request, fieldBytes: number, onPart: (part: Part) => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    let parser: ReturnType<typeof Busboy>;
    try {
      if (!request.body) throw new Error("no body");
      parser = Busboy({ headers: { "content-type": request.headers.get("content-type") ?? "" }, limits: { fieldSize: fieldBytes } });
    } catch (error) {
      return reject(new MalformedMultipartError("no multipart body", { cause: error }));
    }
    const source = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
    let pending = Promise.resolve();
    let file: Readable | undefined;
    // Errors arrive in any order once one thing breaks; the cause reported is the body's own
    // error (too large, cut off), else what onPart refused, else the malformed body.
    let stopped = false;
    let bodyError: unknown;
    let partError: unknown;
    let malformed: MalformedMultipartError | undefined;
    const streamErrors = new Set<unknown>();
    const stop = () => {
      if (stopped) return;
      stopped = true;
      source.unpipe(parser);
      // The rest is read and thrown away, not cut: destroying the source would reset the
      // connection, and a browser still sending would show that instead of our answer.
      // (The server bounds that drain: server/request-limits.ts, closeUnreadBodies.)
      source.on("error", () => undefined).resume();
      file?.destroy();
      // Settles once the part in progress has (its partial file removed).
      void pending.finally(() => reject(bodyError ?? partError ?? malformed));
    };
    const isStreamArtifact = (error: unknown) =>
      streamErrors.has(error) || (error as { code?: string } | null)?.code === "ERR_STREAM_PREMATURE_CLOSE";
    const inOrder = (work: () => Promise<void>) => {
      pending = pending
        .then(() => (stopped ? undefined : work()))
        .catch((error: unknown) => {
          if (!isStreamArtifact(error)) partError ??= error;
          malformed ??= new MalformedMultipartError("a part was cut off", { cause: error });
          stop();
        });
    };
    const badBody = (error: unknown) => {
      streamErrors.add(error);
      malformed ??= new MalformedMultipartError("malformed multipart body", { cause: error });
      stop();
    };
    parser.on("file", (name, data, filename, _encoding, contentType) => {
      if (stopped) return void data.resume();
      file = data;
      data.on("error", badBody);
      // busboy reports an empty file name (an untouched file input) as undefined.
      inOrder(() => onPart({ kind: "file", name, filename: filename ?? "", contentType, data }));
    });
    parser.on("field", (name, value, _nameTruncated, truncated) => inOrder(() => onPart({ kind: "field", name, value, truncated })));
    parser.on("finish", () => inOrder(async () => resolve()));
    parser.on("error", badBody);
    source.on("error", (error) => {
      bodyError ??= error;
      stop();
    });
    source.pipe(parser);
  });
}

import { fileTypeFromStream } from "file-type/node";
import { HttpError } from "#app/lib/http-error.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { unreadableImageReason } from "./image-check.server.ts";
import { MB, UPLOAD_LIMITS, type FileFieldRule } from "./limits.ts";
import { MESSAGES } from "./messages.ts";
import { MalformedMultipartError, readParts, type Part } from "./multipart.server.ts";
import { FileTooLargeError, getStorage, StoreUnavailableError, type MediaStorage } from "./storage.server.ts";

/** A refused upload, with the HTTP status the API answers and the form field it concerns. */
export class UploadError extends HttpError {
  /** The text fields read before the refusal, so a form can show the typed values again. */
  fields = new FormData();
  /**
   * With `keepReadable`, when only images that do not decode were refused: the files that passed,
   * still saved, for the caller to keep or discard (`discardUploads`).
   */
  readable: SavedUpload[] = [];
  /** Whether the whole body was read before the refusal: then `fields` holds every typed field. */
  complete = false;

  constructor(
    message: string,
    status: 400 | 413 | 415 | 503 = 400,
    /** The form field the refusal concerns. */
    readonly field?: string,
  ) {
    super(status, message, { fieldErrors: field ? { [field]: message } : undefined });
  }
}

export { MESSAGES };

const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"]);
const VIDEO_TYPES = new Set([
  "video/mp4",
  "video/quicktime",
  "video/webm",
  "video/x-matroska",
  "video/matroska",
  "video/vnd.avi",
  "video/x-msvideo",
  "video/3gpp",
  "video/3gpp2",
  "video/x-m4v",
  "video/mpeg",
  // file-type's names for MPEG-1 and MPEG-2 program streams (.mpg)
  "video/MP1S",
  "video/MP2P",
  "video/mp2t",
]);

/** An original already saved in the private area, its type decided by its bytes. */
export interface SavedUpload {
  field: string;
  key: string;
  bytes: number;
  originalName: string;
  mimeType: string;
}

export interface ParsedUpload {
  fields: FormData;
  files: SavedUpload[];
  /** Deletes the saved originals: call when the request fails after parsing. */
  discard(): Promise<void>;
}

/** Strips what a file name must not carry into logs or pages: paths, control and bidi characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "").trim();
  return Array.from(cleaned).slice(0, 120).join("") || "upload";
}

/** The body went past the upload's limit while streaming (a chunked body declares no length). */
class BodyTooLargeError extends Error {}

/** The same request, its body cut off with BodyTooLargeError after maxBytes, whatever it declared. */
function capBody(request: Request, maxBytes: number): Request {
  if (!request.body) return request;
  let total = 0;
  const body = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength;
        if (total > maxBytes) controller.error(new BodyTooLargeError());
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Request(request.url, { method: request.method, headers: request.headers, body, duplex: "half" } as RequestInit);
}

const causedBy = (error: unknown, type: new (...args: never[]) => Error) =>
  error instanceof type || (error instanceof Error && error.cause instanceof type);

/** The file's type from its bytes; refused at `field`, the form field it was chosen in, as an empty or damaged file is. */
async function sniff(storage: MediaStorage, key: string, kind: "image" | "video", field: string): Promise<string> {
  const original = await storage.openOriginal(key);
  const type = await fileTypeFromStream(original).finally(() => original.destroy());
  if (kind === "image") {
    if (type && IMAGE_TYPES.has(type.mime)) return type.mime;
    if (type && (type.mime === "image/heic" || type.mime === "image/heif" || type.ext === "heic")) {
      throw new UploadError(MESSAGES.heic, 415, field);
    }
    throw new UploadError(MESSAGES.notImage, 415, field);
  }
  if (type && VIDEO_TYPES.has(type.mime)) return type.mime;
  throw new UploadError(MESSAGES.notVideo, 415, field);
}

/** Deletes saved originals. With the store down this cannot remove them: the reconcile's orphan sweep does, later. */
export async function discardUploads(files: readonly SavedUpload[]): Promise<void> {
  const storage = getStorage();
  const results = await Promise.allSettled(files.map((f) => storage.removeOriginal(f.key)));
  const failed = results.find((r) => r.status === "rejected");
  if (failed) logger.warn({ err: failed.reason }, "could not remove a refused upload's originals; the reconcile will");
}

/**
 * Parses a multipart request, streaming each file of the named fields into the
 * originals area while enforcing count and size limits, then checks every file's
 * type by its bytes and that every image decodes. On any refusal, nothing stays on disk,
 * except with `keepReadable` when only images that do not decode were refused: every such
 * image is named, and the files that passed come with the refusal (`UploadError.readable`),
 * so a product form can keep them for the corrected save.
 */
export async function parseUpload(
  request: Request,
  rules: Record<string, FileFieldRule>,
  { keepReadable = false } = {},
): Promise<ParsedUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.startsWith("multipart/form-data")) {
    throw new UploadError("Expected a multipart/form-data body", 415);
  }
  const maxBody = Object.values(rules).reduce((sum, r) => sum + r.maxFiles * r.maxBytes, 0) + 2 * MB;
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBody) {
    throw new UploadError("The upload is too large.", 413);
  }

  const storage = getStorage();
  const files: SavedUpload[] = [];

  /** Streams one file part into the originals area; false when it is not kept. */
  const saveFile = async ({ name, filename, contentType: partType, data }: Extract<Part, { kind: "file" }>): Promise<boolean> => {
    const rule = rules[name];
    if (!rule) {
      for await (const chunk of data) void chunk; // drain a file sent under an unknown field
      return false;
    }
    const count = files.filter((f) => f.field === name).length;
    if (count >= rule.maxFiles) {
      throw new UploadError(rule.tooManyMessage ?? `At most ${rule.maxFiles} files`, 400, name);
    }
    let saved;
    try {
      saved = await storage.saveOriginal(data, rule.maxBytes);
    } catch (error) {
      if (error instanceof FileTooLargeError) {
        throw new UploadError(rule.tooLargeMessage ?? `${cleanFileName(filename)}: ${error.message}`, 413, name);
      }
      throw error;
    }
    // Browsers send an empty part for an untouched file input: not an upload.
    if (saved.bytes === 0 && filename === "") {
      await storage.removeOriginal(saved.key);
      return false;
    }
    files.push({
      field: name,
      key: saved.key,
      bytes: saved.bytes,
      originalName: cleanFileName(filename),
      mimeType: partType || "application/octet-stream",
    });
    return true;
  };

  const typed = new FormData();
  const fields = new FormData();
  let complete = false;
  try {
    await readParts(capBody(request, maxBody), UPLOAD_LIMITS.fieldBytes, async (part) => {
      if (part.kind === "file") {
        if (await saveFile(part)) fields.append(part.name, files.at(-1)!.key);
        return;
      }
      if (part.truncated) throw new UploadError("A form field is too long.", 413);
      typed.append(part.name, part.value);
      fields.append(part.name, part.value);
    });
    complete = true;
    const unreadable: Array<{ file: SavedUpload; reason: string }> = [];
    for (const file of files) {
      if (file.bytes === 0) throw new UploadError(`${file.originalName}: ${MESSAGES.emptyFile}`, 400, file.field);
      const { kind } = rules[file.field]!;
      file.mimeType = await sniff(storage, file.key, kind, file.field);
      // Refused now, not after the save: an edit replacing a piece's photos with one that cannot
      // be read would otherwise leave it with none.
      const reason = kind === "image" ? await unreadableImageReason(await storage.imageInput(file.key)) : null;
      if (reason && !keepReadable) throw new UploadError(`${file.originalName}: ${reason}`, 400, file.field);
      if (reason) unreadable.push({ file, reason });
    }
    if (unreadable.length > 0) {
      const refusal = new UploadError(unreadable.map(({ file, reason }) => `${file.originalName}: ${reason}`).join(" "), 400, unreadable[0]!.file.field);
      refusal.readable = files.filter((file) => !unreadable.some((u) => u.file === file));
      throw refusal;
    }
  } catch (error) {
    const refusal = toUploadError(error);
    await discardUploads(files.filter((file) => !refusal?.readable.includes(file)));
    if (!refusal) throw error;
    refusal.fields = typed;
    refusal.complete = complete;
    throw refusal;
  }
  return { fields, files, discard: () => discardUploads(files) };
}

function toUploadError(error: unknown): UploadError | null {
  if (error instanceof UploadError) return error;
  if (causedBy(error, BodyTooLargeError)) return new UploadError("The upload is too large.", 413);
  if (error instanceof MalformedMultipartError) return new UploadError("The upload was malformed or cut off.", 400);
  if (causedBy(error, StoreUnavailableError)) return new UploadError(MESSAGES.storeUnavailable, 503);
  return null;
}

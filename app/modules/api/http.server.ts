import type { LoaderFunctionArgs } from "@remix-run/node";
import { ApiError } from "./envelope.server.ts";
import { recordIdSchema } from "./schemas.ts";
import { TRANSLATION_MESSAGES } from "#app/modules/catalog/translation-schema.ts";

/** JSON and form bodies of the API are small: {productId}, {email, password}, {imageUrl}, product fields. */
export const MAX_BODY_BYTES = 64 * 1024;

/** A record id from the path: 400 when it is not a positive whole number. */
export function pathId(params: LoaderFunctionArgs["params"], name = "id"): number {
  const result = recordIdSchema.safeParse(params[name] ?? "");
  if (result.success) return result.data;
  const message = `Invalid ${name}: expected a record id (a positive whole number), got '${String(params[name] ?? "").slice(0, 40)}'`;
  throw new ApiError(400, message, { [name]: message });
}

export function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

export const isMultipart = (request: Request) => mediaType(request) === "multipart/form-data";

async function readCapped(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw new ApiError(413, "The request body is too large.");
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new ApiError(413, "The request body is too large.");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * A JSON object (application/json) or form fields (application/x-www-form-urlencoded).
 * Anything else is a 415; broken JSON, or JSON that is not an object, a 400.
 */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = mediaType(request);
  if (type === "application/json" || type.endsWith("+json")) {
    const text = await readCapped(request);
    if (text.trim() === "") throw new ApiError(400, "The request body is empty: send a JSON object.");
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new ApiError(400, "The request body is not valid JSON.");
    }
    if (!value || typeof value !== "object" || Array.isArray(value)) {
      throw new ApiError(400, "The request body must be a JSON object.");
    }
    return value as Record<string, unknown>;
  }
  if (type === "application/x-www-form-urlencoded") {
    return Object.fromEntries(new URLSearchParams(await readCapped(request)));
  }
  throw new ApiError(
    415,
    type ? `Unsupported content type '${type.slice(0, 60)}': send JSON (application/json).` : "Send a JSON body (Content-Type: application/json).",
  );
}

/**
 * The translations of a multipart body as the JSON body sends them: fields named
 * `translations.bn.name` (as the admin forms name them), or one `translations` field holding
 * the JSON object. A malformed name or JSON text is a 400 saying how to send them.
 */
export function nestTranslations(fields: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const nested: Record<string, Record<string, string>> = {};
  const shape = () => new ApiError(400, TRANSLATION_MESSAGES.shape, { translations: TRANSLATION_MESSAGES.shape });
  for (const [key, value] of Object.entries(fields)) {
    if (key === "translations") {
      try {
        out.translations = JSON.parse(value) as unknown;
      } catch {
        throw shape();
      }
    } else if (key.startsWith("translations.")) {
      const [, lang, field, ...rest] = key.split(".");
      if (!lang || !field || rest.length > 0) throw shape();
      (nested[lang] ??= {})[field] = value;
    } else out[key] = value;
  }
  if (Object.keys(nested).length > 0) {
    if ("translations" in out) throw shape();
    out.translations = nested;
  }
  return out;
}

/** Form fields as a plain object (text values only; the first value of a repeated field). */
export function fieldsOf(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && !(key in out)) out[key] = value;
  }
  return out;
}

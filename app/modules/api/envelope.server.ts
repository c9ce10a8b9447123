import { ZodError, type z } from "zod";
import { HttpError, type HttpStatus } from "#app/lib/http-error.server.ts";
import { logger } from "#app/lib/logger.server.ts";

// The /api/v1 envelope: every answer is JSON, success or failure, never HTML.

export type FieldErrors = Record<string, string>;

/** A refusal of the API itself (method, body, session), with its status, message and field messages. */
export class ApiError extends HttpError {
  constructor(status: HttpStatus, message: string, errors?: FieldErrors, headers?: Record<string, string>) {
    super(status, message, { fieldErrors: errors, headers });
  }
}

const NO_STORE = { "Cache-Control": "no-store" };

export function ok(data: unknown, init: { status?: 200 | 201; message?: string; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", NO_STORE["Cache-Control"]);
  const body = init.message === undefined ? { success: true, data } : { success: true, data, message: init.message };
  return Response.json(body, { status: init.status ?? 200, headers });
}

export function fail(status: number, message: string, errors?: FieldErrors, headers?: Record<string, string>): Response {
  const body = errors && Object.keys(errors).length > 0 ? { success: false, message, errors } : { success: false, message };
  return Response.json(body, { status, headers: { ...NO_STORE, ...headers } });
}

/** One message per field (the first issue of each), keyed by the top-level field name. */
export function fieldErrors(error: ZodError, rename: (field: string) => string = (f) => f): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    // A translation's error names its language and field ("translations.bn.name").
    const path = issue.path[0] === "translations" ? issue.path.map(String).join(".") : String(issue.path[0] ?? "body");
    const field = rename(path);
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Validates with the same schema a page uses; invalid input becomes a 400 with field messages. */
export function parseWith<S extends z.ZodType>(
  schema: S,
  input: unknown,
  rename?: (field: string) => string,
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error, rename);
  throw new ApiError(400, Object.values(errors)[0] ?? "Invalid input", errors);
}

const DOWN_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "PROTOCOL_CONNECTION_LOST",
  "PROTOCOL_SEQUENCE_TIMEOUT",
  "ER_CON_COUNT_ERROR",
  "ER_SERVER_SHUTDOWN",
  "ER_LOCK_WAIT_TIMEOUT",
]);

/** MySQL or Redis not answering (mysql2 and ioredis error codes and names), looking through causes. */
export function isDependencyDown(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, name, message } = e as { code?: unknown; name?: unknown; message?: unknown };
    if (typeof code === "string" && DOWN_CODES.has(code)) return true;
    if (name === "MaxRetriesPerRequestError") return true;
    if (typeof message === "string" && /Connection is closed|connect ECONNREFUSED|Stream isn't writeable/i.test(message)) {
      return true;
    }
  }
  return false;
}

/**
 * Maps whatever a module threw to the envelope: the modules' refusals (HttpError) keep their
 * status and message; a dependency that is down is a 503; anything else is logged
 * and answered with the endpoint's fallback text (docs/product-rules.md, Errors), never a stack trace.
 */
export function toFailure(error: unknown, fallback: string): Response {
  if (error instanceof HttpError) return fail(error.status, error.message, error.fieldErrors, error.headers);
  if (error instanceof ZodError) {
    const errors = fieldErrors(error);
    return fail(400, Object.values(errors)[0] ?? "Invalid input", errors);
  }
  if (isDependencyDown(error)) {
    logger.error({ err: error }, "api: a dependency is down");
    return fail(503, `${fallback}: the service is temporarily unavailable. Please try again shortly.`, undefined, {
      "Retry-After": "30",
    });
  }
  logger.error({ err: error }, "api: unexpected error");
  return fail(500, fallback);
}

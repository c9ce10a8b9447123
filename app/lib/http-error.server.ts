import { data } from "@remix-run/node";

// One error type for every refusal a module makes (ARCHITECTURE: "one error type carries a
// status and a message a person can read"). It becomes a response in exactly two places:
// `refused` below for pages, `toFailure` (app/modules/api/envelope.server.ts) for /api/v1.

export type HttpStatus = 400 | 401 | 403 | 404 | 405 | 408 | 409 | 413 | 415 | 429 | 503;

export interface HttpErrorDetails {
  /** One message per field, for invalid input. */
  fieldErrors?: Record<string, string>;
  headers?: Record<string, string>;
}

export class HttpError extends Error {
  readonly fieldErrors?: Record<string, string>;
  readonly headers?: Record<string, string>;

  constructor(
    readonly status: HttpStatus,
    message: string,
    details: HttpErrorDetails = {},
  ) {
    super(message);
    this.name = new.target.name;
    this.fieldErrors = details.fieldErrors;
    this.headers = details.headers;
  }
}

/** The refusal a module threw; anything else (a bug, MySQL down) is thrown on to the ErrorBoundary or the server log. */
export function refusalOf(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  throw error;
}

/**
 * Pages: a module's refusal as action data with its status, shaped by the page
 * (`(message) => ({ error: \`Failed to …: ${message}\` })`); anything else is rethrown.
 * A loader may `throw refused(error, (m) => m)` to show its ErrorBoundary with that status.
 */
export function refused<T>(error: unknown, payload: (message: string) => T) {
  const refusal = refusalOf(error);
  return data(payload(refusal.message), { status: refusal.status, headers: refusal.headers });
}

/** What a page loader throws for an address that names nothing: its ErrorBoundary shows the 404 screen. */
export function notFound(): Response {
  return new Response(null, { status: 404, statusText: "Not Found" });
}

// Vitest setup (as the Epic Stack's): a test fails when the app logs an error or calls
// console.error that the test did not say it expects. A test that provokes one on purpose
// (a dependency down, a failed enqueue) names it with allowErrorLogs.
import { afterEach, beforeEach, vi } from "vitest";
import { format } from "node:util";
import { captureErrorLogs, logger } from "#app/lib/logger.server.ts";

// Tests run with LOG_LEVEL=silent (isolated-db.ts; child processes inherit it). This process
// still needs its error logs to reach captureErrorLogs' listener, which prints nothing.
if (logger.level === "silent") logger.level = "error";

let logged: string[] = [];
let allowed: RegExp[] = [];

/** Error logs matching one of these do not fail the current test (call it in the test or in a beforeEach). */
export function allowErrorLogs(...patterns: RegExp[]): void {
  allowed.push(...patterns);
}

/** A log call's text: its message and the message of the error it carries. */
function describeLog(args: unknown[]): string {
  const [first, ...rest] = args;
  const fields = first && typeof first === "object" && !(first instanceof Error) ? (first as { err?: unknown }) : null;
  const err = fields ? fields.err : first instanceof Error ? first : undefined;
  const text = format(...(fields ? rest : args));
  return err instanceof Error ? `${text} (${err.message})` : text;
}

beforeEach(() => {
  logged = [];
  allowed = [];
  captureErrorLogs((args) => logged.push(`logger.error: ${describeLog(args)}`));
  const consoleError = console.error.bind(console);
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(`console.error: ${format(...args)}`);
    consoleError(...args);
  });
});

afterEach(() => {
  captureErrorLogs(null);
  // A test file's own vi.restoreAllMocks() may have restored it already.
  if (vi.isMockFunction(console.error)) vi.mocked(console.error).mockRestore();
  const unexpected = logged.filter((line) => !allowed.some((pattern) => pattern.test(line)));
  if (unexpected.length > 0) {
    throw new Error(`Unexpected error log (allow it with allowErrorLogs if the test expects it):\n${unexpected.join("\n")}`);
  }
});

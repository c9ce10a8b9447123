import { pino, type LoggerOptions } from "pino";
import { PinoPretty } from "pino-pretty";
import { logLevelFromEnv } from "#app/env.server.ts";

/** A person at a terminal reads one line per event; anything else (CI, Docker, a file) gets JSON. */
export function logFormatFor(stdout: { isTTY?: boolean }): "pretty" | "json" {
  return stdout.isTTY ? "pretty" : "json";
}

type ErrorLogListener = (args: unknown[]) => void;
let errorLogListener: ErrorLogListener | null = null;

/** Tests: every error-level log goes to the listener instead of the output (tests/setup/unexpected-errors.ts). */
export function captureErrorLogs(listener: ErrorLogListener | null): void {
  errorLogListener = listener;
}

const ERROR_LEVEL = 50;

const options: LoggerOptions = {
  level: logLevelFromEnv(),
  base: {},
  redact: { paths: ["req.headers.cookie", "res.headers['set-cookie']", "password", "*.password"], remove: true },
  hooks: {
    logMethod(args, method, level) {
      if (level >= ERROR_LEVEL && errorLogListener) return errorLogListener(args);
      return method.apply(this, args);
    },
  },
};

/** One logger per process, child loggers per concern. */
export const logger =
  logFormatFor(process.stdout) === "pretty"
    ? pino(
        options,
        PinoPretty({
          singleLine: true,
          translateTime: "SYS:HH:MM:ss",
          messageFormat: "{if process}{process}: {end}{msg}",
          // A request's method, path, status and time are in its message (server/index.ts).
          ignore: "process,req,res,responseTime",
          // Written as it happens, so a line is never lost when the process exits.
          sync: true,
        }),
      )
    : pino(options);

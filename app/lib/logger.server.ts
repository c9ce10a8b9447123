import { pino } from "pino";

/** Structured JSON logs on stdout; one logger per process, child loggers per concern. */
export const logger = pino({
  level: process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "warn" : "info"),
  base: {},
  redact: { paths: ["req.headers.cookie", "res.headers['set-cookie']", "password", "*.password"], remove: true },
});

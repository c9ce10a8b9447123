// The test setup's rule (tests/setup/unexpected-errors.ts) seen working: an allowed error
// log passes, and the check itself names an unexpected one.
import { describe, it } from "vitest";
import { allowErrorLogs } from "#tests/setup/unexpected-errors.ts";
import { logger } from "./logger.server.ts";

describe("unexpected error logs", () => {
  it("lets a test log an error it names", () => {
    allowErrorLogs(/the expected failure/);
    logger.child({ process: "web" }).error({ err: new Error("boom") }, "the expected failure");
    console.error("the expected failure, on the console");
  });

  it.fails("fails a test that logs an error it did not name", () => {
    logger.error({ err: new Error("boom") }, "an unexpected failure");
  });

  it.fails("fails a test that calls console.error", () => {
    console.error("an unexpected console error");
  });
});

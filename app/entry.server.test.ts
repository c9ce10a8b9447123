// What the server logs as an error: its own failures, not a client's wrong request.
import { describe, expect, it, vi } from "vitest";
import { allowErrorLogs } from "#tests/setup/unexpected-errors.ts";
import { logger } from "#app/lib/logger.server.ts";
import { handleError } from "./entry.server.tsx";

const post = () => ({ request: new Request("http://localhost/gallery", { method: "POST" }) });

describe("handleError", () => {
  it("leaves a 4xx of the router (a post to a page with no action) to the request log", () => {
    const error = vi.spyOn(logger, "error");
    // What Remix hands over for a POST to a route without an action.
    handleError({ status: 405, statusText: "Method Not Allowed", internal: true, data: "Error: You made a POST request to \"/gallery\"" }, post());
    expect(error).not.toHaveBeenCalled();
  });

  it("logs a failure of the server's own as an unhandled server error", () => {
    allowErrorLogs(/unhandled server error/);
    const error = vi.spyOn(logger, "error");
    const failure = new Error("the database went away");
    handleError(failure, post());
    expect(error).toHaveBeenCalledWith({ err: failure, url: "http://localhost/gallery" }, "unhandled server error");
  });
});

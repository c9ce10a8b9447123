import { describe, expect, it } from "vitest";
import { getRequestContext, noteAdminRequest, runWithRequestContext, type RequestContext } from "./request-context.server.ts";

describe("the request context", () => {
  it("marks an admin's write, across awaits, only in the request that made it", async () => {
    const write: RequestContext = { adminWrite: false };
    const read: RequestContext = { adminWrite: false };
    await Promise.all([
      runWithRequestContext(write, async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        noteAdminRequest("POST");
      }),
      runWithRequestContext(read, async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        noteAdminRequest("GET");
        noteAdminRequest("HEAD");
      }),
    ]);
    expect(write.adminWrite).toBe(true);
    expect(read.adminWrite).toBe(false);
  });

  it("is a no-op outside a request (scripts, the worker)", () => {
    expect(getRequestContext()).toBeUndefined();
    expect(() => noteAdminRequest("DELETE")).not.toThrow();
  });
});

import { describe, expect, it } from "vitest";
import { captureWireHeaders } from "./fast-path.ts";

describe("the headers kept for the fast path", () => {
  it("cut the nonce out of the CSP, add Accept-Encoding to Vary, and drop per-response headers", () => {
    const nonce = "abcDEF123+/=abcDEF123+/=";
    const wire = captureWireHeaders(
      {
        "content-security-policy": `default-src 'self';script-src 'strict-dynamic' 'nonce-${nonce}'`,
        "x-frame-options": "SAMEORIGIN",
        vary: "Cookie",
        etag: 'W/"x"',
        "content-length": 10,
        "x-cache": "MISS",
      },
      nonce,
    );
    expect(wire.csp?.join("NEW")).toBe("default-src 'self';script-src 'strict-dynamic' 'nonce-NEW'");
    expect(Object.fromEntries(wire.fixed)).toEqual({ "x-frame-options": "SAMEORIGIN", vary: "Cookie, Accept-Encoding", etag: 'W/"x"' });
  });

  it("leave Vary alone when it already names Accept-Encoding", () => {
    const wire = captureWireHeaders({ vary: "Cookie, Accept-Encoding" }, undefined);
    expect(wire.fixed).toEqual([["vary", "Cookie, Accept-Encoding"]]);
    expect(wire.csp).toBeUndefined();
  });
});

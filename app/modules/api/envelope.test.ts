import { afterEach, describe, expect, test } from "vitest";
import { allowErrorLogs } from "#tests/setup/unexpected-errors.ts";
import { createDb, getDb, type DB } from "#db/index.ts";
import { apiLoader } from "./endpoint.server.ts";
import { isDependencyDown, toFailure } from "./envelope.server.ts";
import { galleryEndpoints } from "./media.server.ts";
import { productEndpoints } from "./products.server.ts";

const slot = globalThis as unknown as { __dokraDb?: DB };

describe("the /api/v1 failure envelope", () => {
  const real = getDb();
  afterEach(async () => {
    const swapped = slot.__dokraDb;
    slot.__dokraDb = real;
    if (swapped && swapped !== real) await swapped.destroy();
  });

  test("MySQL not answering is a 503 with the call's fallback text and Retry-After", async () => {
    allowErrorLogs(/api: a dependency is down/);
    slot.__dokraDb = createDb("mysql://root@127.0.0.1:1/nothing_here");
    const response = await apiLoader(galleryEndpoints.getAll)({
      request: new Request("http://localhost/api/v1/gallery/getAll"),
      params: {},
      context: {},
    });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("30");
    const body = await response.json();
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/^Failed to fetch gallery images: the service is temporarily unavailable/);
  });

  test("a healthy database answers the same call with 200", async () => {
    const response = await apiLoader(galleryEndpoints.getAll)({
      request: new Request("http://localhost/api/v1/gallery/getAll"),
      params: {},
      context: {},
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: [] });
  });

  test("an unexpected error is a 500 with the fallback text and no details", async () => {
    allowErrorLogs(/api: unexpected error/);
    const response = toFailure(new TypeError("cannot read properties of undefined (reading 'x')"), "Failed to add product");
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ success: false, message: "Failed to add product" });
  });

  test("dependency errors are recognised through their causes", () => {
    expect(isDependencyDown({ code: "ECONNREFUSED" })).toBe(true);
    expect(isDependencyDown(new Error("outer", { cause: { code: "PROTOCOL_CONNECTION_LOST" } }))).toBe(true);
    expect(isDependencyDown({ name: "MaxRetriesPerRequestError" })).toBe(true);
    expect(isDependencyDown(new Error("Duplicate entry"))).toBe(false);
  });

  test("a guest gets 401 before any body is read", async () => {
    const response = await apiLoader(productEndpoints.getAllProducts)({
      request: new Request("http://localhost/api/v1/products/getAllProducts"),
      params: {},
      context: {},
    });
    expect(response.status).toBe(401);
  });
});

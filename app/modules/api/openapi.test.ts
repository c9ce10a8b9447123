// The API document states the limits the uploads enforce, from the same constants.
import { describe, expect, it } from "vitest";
import { MB, UPLOAD_LIMITS } from "#app/modules/media/limits.ts";
import { openApiDocument } from "./openapi.server.ts";

const text = () => JSON.stringify(openApiDocument());

describe("the OpenAPI document's upload limits", () => {
  it("gives product images the size and count the API enforces", () => {
    const described = [...text().matchAll(/(\d+) to (\d+) image files \([^)]*; (\d+) MB each\)/g)];
    expect(described.length).toBeGreaterThan(0);
    for (const [, min, max, mb] of described) {
      expect([Number(min), Number(max), Number(mb)]).toEqual([1, UPLOAD_LIMITS.imagesPerProduct, UPLOAD_LIMITS.productImageBytes / MB]);
    }
  });

  it("names no other size for an image than the enforced ones", () => {
    const sizes = new Set([...text().matchAll(/image[^"]*?(\d+) MB/gi)].map((m) => Number(m[1])));
    expect([...sizes].sort()).toEqual([UPLOAD_LIMITS.mediaImageBytes / MB, UPLOAD_LIMITS.productImageBytes / MB].sort());
  });
});

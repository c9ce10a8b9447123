import { describe, expect, it } from "vitest";
import { PRODUCT_IMAGE_MESSAGES, productImagesProblem, UPLOAD_LIMITS } from "./limits.ts";
import { MESSAGES } from "./messages.ts";

describe("productImagesProblem", () => {
  const big = UPLOAD_LIMITS.productImageBytes + 1;
  it("names a large HEIC photo's real problem (the browser cannot make it smaller), and the limit for others", () => {
    expect(productImagesProblem([{ size: big, name: "IMG_0412.HEIC", type: "" }])).toBe(MESSAGES.heic);
    expect(productImagesProblem([{ size: big, name: "photo", type: "image/heif" }])).toBe(MESSAGES.heic);
    expect(productImagesProblem([{ size: big, name: "IMG_0412.jpg", type: "image/jpeg" }])).toBe(PRODUCT_IMAGE_MESSAGES.tooLarge);
    expect(productImagesProblem([{ size: 1000, name: "IMG_0412.HEIC" }])).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { IMAGE_WIDTHS } from "./limits.ts";
import { formatMB, SHRINK_MESSAGES, shrunkSize } from "./shrink.ts";

describe("shrunkSize", () => {
  it("draws a 12 MP photo at the ladder's top width, proportions kept", () => {
    expect(shrunkSize(4000, 3000)).toEqual({ width: IMAGE_WIDTHS.at(-1), height: 1440 });
    expect(shrunkSize(3000, 4000)).toEqual({ width: 1920, height: 2560 });
  });
  it("never draws a photo larger than it is", () => {
    expect(shrunkSize(1200, 900)).toEqual({ width: 1200, height: 900 });
  });
});

describe("SHRINK_MESSAGES", () => {
  it("says the sizes before and after in MB with one decimal", () => {
    expect(formatMB(8.9 * 1024 * 1024)).toBe("8.9 MB");
    expect(SHRINK_MESSAGES.done(9332326, 3250585)).toBe("Made smaller to fit: 8.9 MB → 3.1 MB");
  });

  it("gives a size that would read 0.0 MB in KB (a small kept photo)", () => {
    expect([formatMB(37 * 1024), formatMB(300), formatMB(0.05 * 1024 * 1024)]).toEqual(["37 KB", "1 KB", "0.1 MB"]);
  });
});

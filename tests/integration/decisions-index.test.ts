import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const dir = join(import.meta.dirname, "..", "..", "docs/decisions");

describe("the decisions index", () => {
  it("lists every decision record", () => {
    const index = readFileSync(join(dir, "README.md"), "utf8");
    const records = readdirSync(dir).filter((name) => /^\d{3}-.*\.md$/.test(name));
    expect(records.filter((name) => !index.includes(`](${name})`))).toEqual([]);
  });
});

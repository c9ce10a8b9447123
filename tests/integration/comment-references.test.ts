import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Comments point only at files inside the repository: a person cloning it cannot open the
// specification's sections or the issue tracker. The rules they rely on are in docs/product-rules.md.

const root = join(import.meta.dirname, "..", "..");
const ROOTS = ["app", "server", "workers", "scripts", "db", "tests", "bench"];
const OUTSIDE_REFERENCE = /\bSPEC\b|§\s?\d|\b[Ii]ssues? #?\d+(\.\d+)?\b/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return /\.(tsx?|sh|js)$/.test(entry.name) ? [path] : [];
  });
}

/** The lines of a file that carry a comment citing a specification section or an issue. */
function outsideReferences(text: string): string[] {
  return text.split("\n").filter((line) => /(\/\/|\/\*|^\s*\*|^\s*#|\{\/\*)/.test(line) && OUTSIDE_REFERENCE.test(line));
}

describe("comments cite only files in the repository", () => {
  it("finds a citation when there is one", () => {
    expect(outsideReferences("// the 404 of SPEC §2\nconst a = 1;\n/** as issue 16 asked */")).toHaveLength(2);
  });

  it("has no comment citing a specification section or an issue number", () => {
    const self = relative(root, import.meta.filename);
    const found = ROOTS.flatMap((dir) => sourceFiles(join(root, dir)))
      .filter((path) => relative(root, path) !== self)
      .flatMap((path) => outsideReferences(readFileSync(path, "utf8")).map((line) => `${relative(root, path)}: ${line.trim()}`));
    expect(found).toEqual([]);
  });
});

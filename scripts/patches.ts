// Are the patch-package patches of patches/ in node_modules? An install that skipped its
// postinstall script (`npm install --ignore-scripts`, a copied node_modules) leaves the
// packages unpatched without a word; this says which patched files lack their changes.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface PatchedFile {
  patch: string;
  /** Path from the project root, e.g. node_modules/@remix-run/router/dist/router.cjs.js. */
  file: string;
  /** The lines the patch adds (trimmed, non-empty). */
  added: string[];
}

/** The files each patch of `patchesDir` changes, with the lines it adds to them. */
export function patchedFiles(patchesDir: string): PatchedFile[] {
  const found: PatchedFile[] = [];
  for (const patch of readdirSync(patchesDir).filter((name) => name.endsWith(".patch")).sort()) {
    let current: PatchedFile | undefined;
    for (const line of readFileSync(path.join(patchesDir, patch), "utf8").split("\n")) {
      if (line.startsWith("+++ b/")) {
        current = { patch, file: line.slice("+++ b/".length), added: [] };
        found.push(current);
      } else if (current && line.startsWith("+") && line.slice(1).trim()) {
        current.added.push(line.slice(1).trim());
      }
    }
  }
  return found;
}

/** The patched files under `root` missing a line their patch adds: empty when every patch is applied. */
export function unappliedPatches(root: string, patchesDir = path.join(root, "patches")): PatchedFile[] {
  return patchedFiles(patchesDir).filter((entry) => {
    let text: string;
    try {
      text = readFileSync(path.join(root, entry.file), "utf8");
    } catch {
      return true;
    }
    const lines = new Set(text.split("\n").map((line) => line.trim()));
    return entry.added.some((line) => !lines.has(line));
  });
}

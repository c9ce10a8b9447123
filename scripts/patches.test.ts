// The patch-package patches are applied in this install, and the check sees a file without its patch.
import { execFileSync } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { patchedFiles, unappliedPatches } from "./patches.ts";

const root = process.cwd();

it("every patch of patches/ is applied to node_modules", () => {
  expect(patchedFiles(path.join(root, "patches")).length).toBeGreaterThanOrEqual(4);
  expect(unappliedPatches(root).map((p) => `${p.patch}: ${p.file}`)).toEqual([]);
});

it("a patched file put back as the package shipped it is reported", async () => {
  const copy = await fs.mkdtemp(path.join(os.tmpdir(), "dokra-patches-"));
  try {
    const files = patchedFiles(path.join(root, "patches"));
    for (const { file } of files) {
      await fs.mkdir(path.dirname(path.join(copy, file)), { recursive: true });
      await fs.copyFile(path.join(root, file), path.join(copy, file));
    }
    const router = files.find((f) => f.file.includes("@remix-run/router"))!;
    const routerFiles = files.filter((f) => f.patch === router.patch).map((f) => f.file);
    // Undo that one patch in the copy, as an install without the postinstall script leaves it.
    execFileSync("patch", ["-R", "-p1", "-s", "-d", copy, "-i", path.join(root, "patches", router.patch)]);
    expect(unappliedPatches(copy, path.join(root, "patches")).map((p) => p.file)).toEqual(routerFiles);
  } finally {
    await fs.rm(copy, { recursive: true, force: true });
  }
});

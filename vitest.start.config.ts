import { defineConfig } from "vitest/config";

// The start test (tests/start/): `npm start` on a fresh copy of the tree, as a newcomer
// runs it. Apart from the other tests: it brings its own database, port and folder, and
// installs, builds and seeds a whole shop (minutes), so it runs alone.
export default defineConfig({
  test: {
    include: ["tests/start/**/*.test.ts"],
    testTimeout: 30 * 60_000,
    hookTimeout: 5 * 60_000,
    pool: "forks",
    maxWorkers: 1,
  },
});

import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "workers/**/*.test.ts", "db/**/*.test.ts", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/reliability/**/*.test.ts", "server/**/*.test.ts"],
    setupFiles: ["./tests/setup/isolated-db.ts", "./tests/setup/unexpected-errors.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
  },
});

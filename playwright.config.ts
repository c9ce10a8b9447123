import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://localhost:${PORT}`;

const CHANGES_DATA = /[\\/](admin|api)[.-][^\\/]*\.spec\.ts$/;
const JS_ONLY = /\.js-only\.spec\.ts$/;
// Specs that change what every visitor sees (e.g. no current home display image) run alone, last.
const ALONE = /\.alone\.spec\.ts$/;

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // A spec walks several pages, each until hydrated: on a slow or busy two-core machine (browser
  // tests at 15 a minute, against 38 on a quiet one) the longest took over 60 s.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: { baseURL: E2E_BASE_URL, trace: "retain-on-failure", screenshot: "only-on-failure" },
  // The specs share one seeded catalogue. Those that only read it (storefront, foundation)
  // run first; those that change it (admin, API) run after, so no reader sees a write, and
  // one file at a time (JS on, then off), so no writer's before/after count sees another's
  // write (two at once made "count + 1" fail when the other added or removed an entry).
  projects: [
    { name: "js-on", use: { ...chromium, javaScriptEnabled: true }, testIgnore: CHANGES_DATA },
    // Every spec also runs with JavaScript off, except those about behaviour only JS can give.
    { name: "js-off", use: { ...chromium, javaScriptEnabled: false }, testIgnore: [CHANGES_DATA, JS_ONLY] },
    {
      name: "js-on-writes",
      use: { ...chromium, javaScriptEnabled: true },
      testMatch: CHANGES_DATA,
      testIgnore: ALONE,
      dependencies: ["js-on", "js-off"],
      workers: 1,
    },
    {
      name: "js-off-writes",
      use: { ...chromium, javaScriptEnabled: false },
      testMatch: CHANGES_DATA,
      testIgnore: [JS_ONLY, ALONE],
      dependencies: ["js-on-writes"],
      workers: 1,
    },
    // One file at a time after every other spec; such a spec covers JS on and off itself.
    { name: "alone", use: { ...chromium }, testMatch: ALONE, dependencies: ["js-off-writes"], workers: 1 },
  ],
  webServer: {
    command: `bash scripts/e2e-server.sh`,
    url: `${E2E_BASE_URL}/healthz`,
    timeout: 600_000,
    // E2E_REUSE_SERVER=1 runs specs against a server already started with scripts/e2e-server.sh (development only).
    reuseExistingServer: process.env.E2E_REUSE_SERVER === "1",
    stdout: "pipe",
    stderr: "pipe",
    env: { E2E_PORT: String(PORT), BUILD_DIR: process.env.BUILD_DIR ?? "build" },
  },
});

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ALL_ENDPOINTS } from "#app/modules/api/openapi.server.ts";
import { isPrivatePath, STOREFRONT_FIRST_SEGMENTS } from "../../server/page-cache-key.ts";
import { bodyLimitFor, READ_ONLY_PATHS } from "../../server/request-limits.ts";

// The server decides some things before Remix has matched a route: which bodies stream to disk
// (server/request-limits.ts UPLOAD_ROUTES), which resources answer GET only (READ_ONLY_PATHS)
// and which paths the page cache never answers (server/page-cache-key.ts). Those lists restate
// app/routes/; this test reads app/routes/ and fails when a route is added without its entry.

const root = join(import.meta.dirname, "..", "..");
const routesDir = join(root, "app/routes");
const routeFiles = readdirSync(routesDir).filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name));

/** A URL the route answers (Remix flat routes: `.` a slash, `[.]` a dot, `$x` a segment, `_x` no segment). */
function samplePath(file: string): string {
  const segments = file
    .replace(/\.tsx?$/, "")
    .split(/\.(?![^[]*\])/)
    .filter((segment) => !segment.startsWith("_"))
    .map((segment) => (segment.startsWith("$") ? "7" : segment.replace(/\[(.)\]/g, "$1")));
  return `/${segments.join("/")}`;
}

/** True when the route, or a component it imports from app/components, renders a file-upload form. */
function rendersUploadForm(file: string): boolean {
  const text = readFileSync(join(routesDir, file), "utf8");
  const components = [...text.matchAll(/from "#app\/(components\/[^"]+)"/g)].map((m) => join(root, "app", m[1]!));
  return [text, ...components.filter(existsSync).map((path) => readFileSync(path, "utf8"))].some((t) => t.includes("multipart/form-data"));
}

/** Resource routes (no page component) with no action: they only read. */
function readsOnly(file: string): boolean {
  const text = readFileSync(join(routesDir, file), "utf8");
  return !/export default/.test(text) && !/export (const|async function|function) action\b/.test(text);
}

const apiPath = (path: string) => `/api/v1${path.replace(/\{[^}]+\}/g, "7")}`;
const pages = routeFiles.filter((file) => !file.startsWith("api."));

describe("the server's route lists match app/routes", () => {
  it("reads the routes it checks", () => {
    expect(pages.map(samplePath)).toEqual(expect.arrayContaining(["/dashboard/edit-product/7", "/feeds/google.xml", "/product/7/7"]));
  });

  it("streams the uploads of exactly the pages with a file-upload form", () => {
    const streamed = pages.filter((file) => bodyLimitFor(samplePath(file), true) === "stream");
    expect(streamed.sort()).toEqual(pages.filter(rendersUploadForm).sort());
    for (const file of streamed) expect(bodyLimitFor(`${samplePath(file)}.data`, true), `${file} (.data)`).toBe("stream");
  });

  it("streams the uploads of exactly the API calls that take multipart bodies", () => {
    for (const endpoint of ALL_ENDPOINTS) {
      const limit = bodyLimitFor(apiPath(endpoint.path), true);
      expect(limit === "stream", `${endpoint.method} ${endpoint.path}`).toBe(Boolean(endpoint.body?.multipart));
    }
  });

  it("has an API route file for every call, and a call for every API route file", () => {
    const callPaths = new Set(ALL_ENDPOINTS.map((e) => apiPath(e.path)));
    const files = routeFiles.filter((file) => file.startsWith("api.v1.") && file !== "api.v1.$.ts");
    expect(files.map(samplePath).filter((path) => !callPaths.has(path) && path !== "/api/v1/openapi.json")).toEqual([]);
  });

  it("answers GET only on exactly the public resources that only read", () => {
    const readOnly = routeFiles.filter((file) => readsOnly(file) && !isPrivatePath(samplePath(file)) && !/^api\.v1\.(?!openapi)/.test(file));
    expect(readOnly.map(samplePath).sort()).toEqual([...READ_ONLY_PATHS].sort());
  });

  it("knows the first segment of every storefront page, whose upper-case spellings move to it", () => {
    // The layout and the home page have no segment of their own; the 404 page's is any.
    const shopPages = routeFiles.filter((file) => file.startsWith("_shop.") && file !== "_shop.$.tsx");
    const firstSegments = new Set(shopPages.map((file) => samplePath(file).split("/")[1]).filter(Boolean));
    expect([...firstSegments].sort()).toEqual([...STOREFRONT_FIRST_SEGMENTS].sort());
  });

  it("keeps every admin page out of the page cache, and no storefront page", () => {
    for (const file of pages) {
      const admin = /^(admin|dashboard)\b/.test(file);
      expect(isPrivatePath(samplePath(file)), file).toBe(admin);
    }
  });
});

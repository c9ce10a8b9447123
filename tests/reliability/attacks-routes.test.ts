// Every page action and API call, found from app/routes and the API's declarations (a
// new one is covered without touching this file): without a session, each state change
// is refused (a redirect to the login, or 401); with one, no GET changes anything.
import { readdirSync } from "node:fs";
import path from "node:path";
import type { LoaderFunction, ActionFunction } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { apiAction, apiLoader } from "#app/modules/api/endpoint.server.ts";
import { ALL_ENDPOINTS } from "#app/modules/api/openapi.server.ts";
import { productEndpoints } from "#app/modules/api/products.server.ts";
import { submitContactMessage } from "#app/modules/contact/messages.server.ts";
import { CATEGORY_SLUGS } from "#app/modules/catalog/categories.ts";
import { getSessionStorage } from "#app/modules/auth/session.server.ts";
import { makeJpeg } from "#tests/setup/fixtures.ts";
import { adminCookie, args, multipart, ORIGIN, shopFingerprint } from "./support-input.ts";

/** Page actions anyone may post to, and why. Every other action must refuse a guest. */
const PUBLIC_ACTIONS: Record<string, string> = {
  "_shop.$.tsx": "a post to a path that does not exist: always 404, nothing read or changed",
  "_shop.contact.tsx": "the visitors' contact form (throttled per address)",
  "_shop.enquiry.tsx": "the visitor's own enquiry list, kept in their signed cookie: no shared state changes",
  "_shop.commission.tsx": "a visitor's commission request (throttled per address; its photo kept private to the admin)",
  "_shop.notify.tsx": "a visitor's \"tell me when\" sign-up for a sold or reserved piece (throttled per address, one entry per piece and number)",
  "admin.tsx": "the login form itself",
  "logout.tsx": "ends the caller's own session, if any",
};

const ROUTES_DIR = path.resolve("app/routes");
const routeFiles = readdirSync(ROUTES_DIR).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith("api.v1."));

interface RouteModule {
  loader?: LoaderFunction;
  action?: ActionFunction;
}
const modules: Array<[string, RouteModule]> = [];
let cookie: string;
let productId: string;

beforeAll(async () => {
  for (const file of routeFiles) modules.push([file, (await import(path.join(ROUTES_DIR, file))) as RouteModule]);
  cookie = await adminCookie();
  const form = new FormData();
  for (const [k, v] of Object.entries({ name: "Route Owl", priceFixed: "2500", category: CATEGORY_SLUGS[0], weight: "850", size: "H-6 * W-4 * L-3 inch" })) form.append(k, v);
  form.append("images", new File([new Uint8Array(await makeJpeg(64, 48))], "o.jpg", { type: "image/jpeg" }));
  const created = await apiAction(productEndpoints.create)(args(multipart("/api/v1/products/create", form, { cookie })));
  productId = ((await created.json()) as { data: { _id: string } }).data._id;
  await submitContactMessage({ name: "Visitor", email: "v@example.com", subject: "Hi", message: "Hello" }, "203.0.113.9");
});

/** A route file's URL path and params, with ids that exist. */
function routeRequest(file: string) {
  const params: Record<string, string> = {};
  const segments = file
    .replace(/\.tsx?$/, "")
    .split(".")
    .filter((s) => !s.startsWith("_") && s !== "_index")
    .map((s) => {
      if (s === "$") return (params["*"] = "nothing-here");
      if (s.startsWith("$")) return (params[s.slice(1)] = s === "$category" ? CATEGORY_SLUGS[0] : productId);
      return s.replace(/\[(.)\]/g, "$1");
    });
  return { url: `/${segments.join("/")}`, params };
}

/** Runs a loader or action; a thrown Response (redirect, 404) is its answer. */
async function answer(fn: LoaderFunction | ActionFunction, request: Request, params: Record<string, string>): Promise<Response | unknown> {
  try {
    return await fn(args(request, params));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const loginRedirect = (response: unknown) => {
  expect(response).toBeInstanceOf(Response);
  const r = response as Response;
  return [r.status, r.headers.get("Location")?.startsWith("/admin?redirectTo=")];
};

describe("page actions without a session", () => {
  it("finds the admin actions", () => {
    const guarded = modules.filter(([f, m]) => m.action && !(f in PUBLIC_ACTIONS)).map(([f]) => f);
    expect(guarded).toEqual(expect.arrayContaining(["dashboard.upload.tsx", "dashboard.edit-product.$id.tsx", "dashboard.messages.tsx"]));
    expect(guarded.every((f) => f.startsWith("dashboard"))).toBe(true);
  });

  it("every admin action redirects a guest, a forged cookie and an expired-session cookie to the login, and changes nothing", async () => {
    const before = await shopFingerprint();
    const storage = getSessionStorage();
    const ghost = await storage.getSession();
    ghost.set("userId", 1);
    const ghostCookie = (await storage.commitSession(ghost)).split(";")[0]!;
    await storage.destroySession(await storage.getSession(`${ghostCookie}`)); // the row is gone, the cookie kept
    const cookies = [undefined, "__dokra_session=forged-session-id", `__dokra_session=${encodeURIComponent(btoa('"x"'))}.AAAA`, ghostCookie];
    for (const [file, mod] of modules.filter(([f, m]) => m.action && !(f in PUBLIC_ACTIONS))) {
      const { url, params } = routeRequest(file);
      for (const c of cookies) {
        const headers: Record<string, string> = c ? { Cookie: c } : {};
        const form = new FormData();
        for (const [k, v] of Object.entries({ intent: "delete", id: productId, productId, entryId: "1", mediaId: "1", name: "Hacked" })) form.append(k, v);
        const body = new URLSearchParams(form as unknown as Record<string, string>);
        for (const request of [
          new Request(`${ORIGIN}${url}`, { method: "POST", headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" }, body }),
          multipart(url, form, { headers }),
        ]) {
          expect([file, c, ...loginRedirect(await answer(mod.action!, request, params))]).toEqual([file, c, 302, true]);
        }
      }
    }
    expect(await shopFingerprint()).toEqual(before);
  });
});

describe("API calls without a session", () => {
  it("every admin call answers 401 with the sign-in message, before reading its body", async () => {
    const before = await shopFingerprint();
    const admin = ALL_ENDPOINTS.filter((e) => e.access === "admin");
    expect(admin.length).toBeGreaterThanOrEqual(24);
    for (const endpoint of admin) {
      const url = `${ORIGIN}/api/v1${endpoint.path.replace(/\{\w+\}/g, productId)}`;
      const run = endpoint.method === "GET" ? apiLoader(endpoint) : apiAction(endpoint);
      const body = endpoint.method === "GET" ? undefined : JSON.stringify({ productId: Number(productId), name: "Hacked" });
      for (const c of [undefined, "__dokra_session=forged"]) {
        const headers: Record<string, string> = { "Content-Type": "application/json", ...(c ? { Cookie: c } : {}) };
        const response = await run(args(new Request(url, { method: endpoint.method, headers, body }), { id: productId, name: "x", category: CATEGORY_SLUGS[0] }));
        const json = (await response.json()) as { success: boolean; message: string };
        expect([endpoint.path, response.status, json.success]).toEqual([endpoint.path, 401, false]);
        expect(json.message).toBe("Please sign in as the admin to use this call.");
      }
    }
    expect(await shopFingerprint()).toEqual(before);
  });
});

describe("state change by GET", () => {
  it("no page loader and no GET API call changes the shop, even signed in and with an action's fields in the query", async () => {
    const before = await shopFingerprint();
    const query = `?intent=delete&id=${productId}&productId=${productId}&entryId=1&mediaId=1&status=deleted`;
    for (const [file, mod] of modules.filter(([, m]) => m.loader)) {
      const { url, params } = routeRequest(file);
      await answer(mod.loader!, new Request(`${ORIGIN}${url}${query}`, { headers: { Cookie: cookie } }), params);
    }
    for (const endpoint of ALL_ENDPOINTS.filter((e) => e.method === "GET")) {
      const url = `${ORIGIN}/api/v1${endpoint.path.replace(/\{\w+\}/g, productId)}${query}`;
      const response = await apiLoader(endpoint)(args(new Request(url, { headers: { Cookie: cookie } }), { id: productId, name: "Route Owl", category: CATEGORY_SLUGS[0] }));
      expect([endpoint.path, response.status < 500]).toEqual([endpoint.path, true]);
    }
    // Every action-only call answers a GET with 405, before doing anything.
    for (const endpoint of ALL_ENDPOINTS.filter((e) => e.method !== "GET")) {
      const url = `${ORIGIN}/api/v1${endpoint.path.replace(/\{\w+\}/g, productId)}`;
      const response = await apiLoader(endpoint)(args(new Request(url, { headers: { Cookie: cookie } }), { id: productId }));
      expect([endpoint.path, response.status]).toEqual([endpoint.path, 405]);
    }
    expect(await shopFingerprint()).toEqual(before);
  });
});

// Every /api/v1 call that takes a body, from the API's own declarations (a new call is
// covered without touching this file): malformed JSON, JSON that is not an object, a
// body over the limit and wrong content types answer a 4xx JSON envelope with a
// message, never a 500, and change nothing. Calls without a body ignore one.
import { beforeAll, describe, expect, it } from "vitest";
import { apiAction } from "#app/modules/api/endpoint.server.ts";
import { MAX_BODY_BYTES } from "#app/modules/api/http.server.ts";
import { ALL_ENDPOINTS } from "#app/modules/api/openapi.server.ts";
import type { Endpoint } from "#app/modules/api/endpoint.server.ts";
import { CATEGORY_SLUGS } from "#app/modules/catalog/categories.ts";
import { adminCookie, args, ORIGIN, originalsOnDisk, shopFingerprint } from "./support-input.ts";

let cookie: string;
beforeAll(async () => {
  cookie = await adminCookie();
});

const PARAMS: Record<string, string> = { id: "999999", name: "No Such Name", category: CATEGORY_SLUGS[0] };

function target(endpoint: Endpoint) {
  const params: Record<string, string> = {};
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_m, name: string) => (params[name] = PARAMS[name]!));
  return { url: new URL(`/api/v1${path}`, ORIGIN), params };
}

async function send(endpoint: Endpoint, body: BodyInit, contentType: string | null) {
  const { url, params } = target(endpoint);
  const headers = new Headers({ Cookie: cookie });
  if (contentType) headers.set("Content-Type", contentType);
  const response = await apiAction(endpoint)(args(new Request(url, { method: endpoint.method, headers, body }), params));
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const json = (await response.json()) as { success: boolean; message: string };
  return { status: response.status, ...json };
}

const withBody = ALL_ENDPOINTS.filter((e) => e.method !== "GET");
const jsonCalls = withBody.filter((e) => e.body?.json);
const multipartOnly = withBody.filter((e) => e.body?.multipart && !e.body.json);
const noBody = withBody.filter((e) => !e.body);

describe("bodies the API cannot use", () => {
  it("covers every call that takes a body", () => {
    expect(withBody.length).toBeGreaterThanOrEqual(15);
    expect(jsonCalls.map((e) => e.path)).toContain("/user/login");
    expect(multipartOnly.map((e) => e.path)).toContain("/products/create");
  });

  it.each(jsonCalls.map((e) => [`${e.method} ${e.path}`, e] as const))("%s: malformed JSON, a JSON array, an empty body and an oversized one are 4xx", async (_name, endpoint) => {
    const before = await shopFingerprint();
    const broken = await send(endpoint, '{"name": "Owl", "priceFixed": ', "application/json");
    // A JSON call on a missing record may answer 404 first; anything else must name the body.
    if (broken.status !== 404) expect([broken.status, broken.message]).toEqual([400, "The request body is not valid JSON."]);
    const array = await send(endpoint, "[1, 2, 3]", "application/json");
    if (array.status !== 404) expect([array.status, array.message]).toEqual([400, "The request body must be a JSON object."]);
    const empty = await send(endpoint, "", "application/json");
    if (empty.status !== 404) expect(empty.status).toBe(400);
    const huge = await send(endpoint, JSON.stringify({ name: "x".repeat(MAX_BODY_BYTES) }), "application/json");
    if (huge.status !== 404) expect([huge.status, huge.message]).toEqual([413, "The request body is too large."]);
    for (const answer of [broken, array, empty, huge]) expect(answer.success).toBe(false);
    expect(await shopFingerprint()).toEqual(before);
  });

  it.each(jsonCalls.map((e) => [`${e.method} ${e.path}`, e] as const))("%s: text/plain, XML and no content type are 415 (or 404 for a missing record)", async (_name, endpoint) => {
    for (const [body, type] of [["hello", "text/plain"], ["<a>1</a>", "application/xml"], ['{"a":1}', null]] as const) {
      const answer = await send(endpoint, body, type);
      if (answer.status === 404 && endpoint.path.includes("{")) continue;
      expect([body, answer.status, answer.success]).toEqual([body, 415, false]);
      expect(answer.message).toMatch(/content type|Content-Type|multipart/i);
    }
  });

  it.each(multipartOnly.map((e) => [`${e.method} ${e.path}`, e] as const))("%s: JSON, a form and a broken multipart body are refused with a message; no file is kept", async (_name, endpoint) => {
    const before = await shopFingerprint();
    const json = await send(endpoint, '{"name":"Owl"}', "application/json");
    expect([json.status, json.message]).toEqual([415, "Expected a multipart/form-data body"]);
    const form = await send(endpoint, "name=Owl", "application/x-www-form-urlencoded");
    expect(form.status).toBe(415);
    const noBoundary = await send(endpoint, "--x\r\n", "multipart/form-data");
    expect([noBoundary.status, noBoundary.message]).toEqual([400, "The upload was malformed or cut off."]);
    const cut = await send(endpoint, '--b\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\n\xff\xd8\xff', "multipart/form-data; boundary=b");
    expect([cut.status, cut.message]).toEqual([400, "The upload was malformed or cut off."]);
    expect(await shopFingerprint()).toEqual(before);
    expect(await originalsOnDisk()).toEqual([]);
  });

  it.each(noBody.map((e) => [`${e.method} ${e.path}`, e] as const))("%s: takes no body, so junk in one changes nothing and is no 500", async (_name, endpoint) => {
    const answer = await send(endpoint, "{not json", "application/json");
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  });
});

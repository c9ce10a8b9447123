// Hostile product fields through the API's create and update (the admin forms share the
// same schemas): clear 400s naming the field, or text stored exactly as typed, never run
// as SQL. How that text is shown (escaped in HTML and JSON-LD) is tests/e2e/api-hostile.
import { beforeAll, describe, expect, it } from "vitest";
import { apiAction, type Endpoint } from "#app/modules/api/endpoint.server.ts";
import { productEndpoints } from "#app/modules/api/products.server.ts";
import { CATEGORY_SLUGS } from "#app/modules/catalog/categories.ts";
import { getDb } from "#db/index.ts";
import { makeJpeg } from "#tests/setup/fixtures.ts";
import { adminCookie, args, multipart, ORIGIN, originalsOnDisk, shopFingerprint } from "./support-input.ts";

let cookie: string;
let photo: File;
beforeAll(async () => {
  cookie = await adminCookie();
  photo = new File([new Uint8Array(await makeJpeg(64, 48))], "p.jpg", { type: "image/jpeg" });
});

const valid = { name: "Dokra Owl", priceFixed: "2500", priceDiscount: "2100", category: CATEGORY_SLUGS[0], weight: "850", size: "H-6 * W-4 * L-3 inch" };

async function call(endpoint: Endpoint, request: Request, params: Record<string, string> = {}) {
  const response = await apiAction(endpoint)(args(request, params));
  const body = (await response.json()) as { message: string; errors?: Record<string, string>; data?: { _id: string; name: string; description: string } };
  return { status: response.status, ...body };
}

function create(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...valid, ...fields })) form.append(k, v);
  form.append("images", photo);
  return call(productEndpoints.create, multipart("/api/v1/products/create", form, { cookie }));
}

const updateJson = (id: string, body: unknown) =>
  call(
    productEndpoints.update,
    new Request(`${ORIGIN}/api/v1/products/update/${id}`, { method: "PUT", headers: { Cookie: cookie, "Content-Type": "application/json" }, body: JSON.stringify(body) }),
    { id },
  );

describe("fields the shop refuses", () => {
  it.each([
    ["a 10,000-character name", { name: "N".repeat(10_000) }, "name", "Title must be at most 200 characters"],
    ["a negative price", { priceDiscount: "-1" }, "priceDiscount", "Price cannot be negative"],
    ["a non-numeric price", { priceFixed: "two thousand" }, "priceFixed", "Fixed Price must be a number"],
    ["an infinite price", { priceFixed: "1e400" }, "priceFixed", "Fixed Price must be a number"],
    ["a price past the limit", { priceFixed: "100000000" }, "priceFixed", "Fixed Price is too large"],
    ["an unknown category", { category: "weapons" }, "category", "Please select a category"],
    ["a path as category", { category: "../../etc/passwd" }, "category", "Please select a category"],
    ["a 10,000-character description", { description: "D".repeat(10_000) }, "description", "At most 5000 characters"],
  ])("%s: 400 naming the field; nothing stored", async (_case, fields, field, message) => {
    const before = await shopFingerprint();
    const answer = await create(fields);
    expect(answer.status).toBe(400);
    expect(answer.errors?.[field]).toBe(message);
    expect(await shopFingerprint()).toEqual(before);
    expect(await originalsOnDisk()).toEqual([]);
  });

  it("update refuses the same values as JSON, and a JSON number where text is due", async () => {
    const created = await create({ name: "Update Target" });
    expect(created.status).toBe(201);
    const id = created.data!._id;
    const before = await shopFingerprint();
    for (const [body, field] of [
      [{ priceFixed: -5 }, "priceFixed"],
      [{ priceFixed: "NaN" }, "priceFixed"],
      [{ name: "x".repeat(10_000) }, "name"],
      [{ category: "nope" }, "category"],
      [{ name: { $gt: "" } }, "name"],
    ] as const) {
      const answer = await updateJson(id, body);
      expect([JSON.stringify(body).slice(0, 40), answer.status]).toEqual([JSON.stringify(body).slice(0, 40), 400]);
      expect(Object.keys(answer.errors ?? {})).toContain(field);
    }
    expect(await shopFingerprint()).toEqual(before);
  });
});

describe("text the shop keeps as typed", () => {
  it("SQL-looking and HTML/script text is stored verbatim and never runs; search treats it as literal text", async () => {
    const name = `Owl'); DROP TABLE products; -- <script>alert(1)</script>`;
    const description = `' OR '1'='1' UNION SELECT password_hash FROM admin_users -- <img src=x onerror=alert(2)> {{7*7}} \${7*7}`;
    const answer = await create({ name, description });
    expect(answer.status).toBe(201);
    const row = await getDb().selectFrom("products").select(["name", "description"]).where("id", "=", Number(answer.data!._id)).executeTakeFirstOrThrow();
    expect(row).toEqual({ name, description });
    expect(answer.data).toMatchObject({ name, description });
    expect(await getDb().selectFrom("admin_users").select("id").execute()).toHaveLength(1);

    const search = async (q: string) => {
      const url = new URL(`${ORIGIN}/api/v1/products/getAllProducts`);
      url.searchParams.set("q", q);
      const response = await apiAction(productEndpoints.getAllProducts)(args(new Request(url, { headers: { Cookie: cookie } })));
      return ((await response.json()) as { data: Array<{ name: string }> }).data.map((p) => p.name);
    };
    expect(await search("' OR 'a'='a")).toEqual([]);
    expect(await search("' OR '1'='1")).toEqual([name]); // found as the text it is, in the description
    expect(await search("%")).toEqual([]);
    expect(await search("DROP TABLE")).toEqual([name]);
  });
});

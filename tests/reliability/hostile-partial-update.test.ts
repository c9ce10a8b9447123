// A partial edit never erases data. Through the API (JSON and multipart) and the edit page
// (quick and full): a field left out keeps its value; a field sent is checked as on create,
// and a bad one is a 400 naming it, with nothing changed. `{"size":""}` and
// `{"size":"garbage"}` used to answer 200 and wipe height, width and length; the page's
// quick edit (name, description, prices) used to reset colour, material, utility and sizes.
import { beforeAll, describe, expect, it } from "vitest";
import { apiAction } from "#app/modules/api/endpoint.server.ts";
import { productEndpoints } from "#app/modules/api/products.server.ts";
import { productCreateSchema } from "#app/modules/catalog/product-schema.ts";
import { createProduct } from "#app/modules/catalog/products.server.ts";
import { action as editAction } from "#app/routes/dashboard.edit-product.$id.tsx";
import { getDb } from "#db/index.ts";
import { makeJpeg, saveTestUpload } from "#tests/setup/fixtures.ts";
import { adminCookie, args, multipart, ORIGIN, shopFingerprint } from "./support-input.ts";

let cookie: string;
beforeAll(async () => {
  cookie = await adminCookie();
});

async function newProduct(): Promise<number> {
  const input = productCreateSchema.parse({
    category: "wall-hanging", name: "Brass Owl", price: "2100", fixedPrice: "2500", height: "6", width: "4", length: "3",
    weight: "850", color: "Antique", material: "Brass", utility: "Lamp", description: "A brass owl",
  });
  return (await createProduct(input, [await saveTestUpload(await makeJpeg(64, 48, 1))])).id;
}

/** The stored fields (MySQL's DECIMAL columns come back as their text). */
const stored = (id: number) =>
  getDb()
    .selectFrom("products")
    .select(["name", "description", "price_fixed", "price_discount", "color", "material", "utility", "height_in", "width_in", "length_in", "weight_g"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

async function apiUpdate(id: number, body: Record<string, unknown> | FormData) {
  const url = new URL(`/api/v1/products/update/${id}`, ORIGIN);
  const request =
    body instanceof FormData
      ? multipart(url.toString(), body, { method: "PUT", cookie })
      : new Request(url, { method: "PUT", headers: { Cookie: cookie, "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const response = await apiAction(productEndpoints.update)(args(request, { id: String(id) }));
  return { status: response.status, body: (await response.json()) as { message: string; errors?: Record<string, string> } };
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  data.append("images", new Blob([]), "");
  return data;
}

async function pageEdit(id: number, fields: Record<string, string>) {
  const request = multipart(`/dashboard/edit-product/${id}`, form({ intent: "update", ...fields }), { cookie });
  const result = (await editAction(args(request, { id: String(id) }))) as Response | { init: { status: number } | null; data: { result?: { error?: Record<string, string[]> } } };
  if (result instanceof Response) return { status: result.status, errors: {} };
  return { status: result.init?.status ?? 200, errors: result.data.result?.error ?? {} };
}

describe("partial product updates", () => {
  it("API: a bad field sent is a 400 naming it, nothing changes", async () => {
    const id = await newProduct();
    const before = await shopFingerprint();
    const bad: [Record<string, unknown>, string][] = [
      [{ size: "" }, "size"],
      [{ size: "garbage" }, "size"],
      [{ size: 12 }, "size"],
      [{ height: "" }, "height"],
      [{ width: "wide" }, "width"],
      [{ weight: "" }, "weight"],
      [{ weight: -5 }, "weight"],
      [{ name: "" }, "name"],
      [{ priceFixed: "" }, "priceFixed"],
      [{ category: "nope" }, "category"],
      [{ name: "Fine", size: "garbage" }, "size"],
    ];
    for (const [body, field] of bad) {
      const answer = await apiUpdate(id, body);
      expect(`${JSON.stringify(body)} ${answer.status}`).toBe(`${JSON.stringify(body)} 400`);
      expect(Object.keys(answer.body.errors ?? {})).toEqual([field]);
    }
    const multi = await apiUpdate(id, form({ size: "garbage" }));
    expect(multi.status).toBe(400);
    expect(Object.keys(multi.body.errors ?? {})).toEqual(["size"]);
    expect(await shopFingerprint()).toEqual(before);
  });

  it("API: fields left out (or null) keep their values; a good size sets all three", async () => {
    const id = await newProduct();
    const original = await stored(id);
    expect((await apiUpdate(id, { name: "Renamed Owl", weight: null })).status).toBe(200);
    expect(await stored(id)).toEqual({ ...original, name: "Renamed Owl" });
    expect((await apiUpdate(id, form({ description: "Edited by multipart" }))).status).toBe(200);
    expect(await stored(id)).toEqual({ ...original, name: "Renamed Owl", description: "Edited by multipart" });
    expect((await apiUpdate(id, { size: "H-7 * W-5 * L-2.5 inch", priceDiscount: "" })).status).toBe(200);
    expect(await stored(id)).toMatchObject({ height_in: "7.00", width_in: "5.00", length_in: "2.50", price_discount: null, weight_g: "850.00", color: "Antique" });
  });

  it("page: the quick edit keeps what it does not show; a blank size or weight on the full edit is refused", async () => {
    const id = await newProduct();
    const original = await stored(id);
    const quick = { mode: "quick", name: "Quick Owl", description: "Quick", priceFixed: "2500", priceDiscount: "2100" };
    expect((await pageEdit(id, quick)).status).toBe(302);
    expect(await stored(id)).toEqual({ ...original, name: "Quick Owl", description: "Quick" });

    const before = await shopFingerprint();
    const full = { ...quick, mode: "full", category: "wall-hanging", color: "Antique", material: "Brass", utility: "Lamp", height: "", width: "4", length: "3", weight: "" };
    const refused = await pageEdit(id, full);
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.errors).sort()).toEqual(["height", "weight"]);
    expect(await shopFingerprint()).toEqual(before);

    expect((await pageEdit(id, { ...full, height: "6.5", weight: "900", color: "" })).status).toBe(302);
    expect(await stored(id)).toMatchObject({ height_in: "6.50", weight_g: "900.00", color: "Golden", material: "Brass" });
  });
});

// Two saves from the same starting point never lose one silently. The edit page and the API
// both carry the product's `version`: a save based on an older one is refused (409), keeps
// everything typed and says what changed meanwhile. Callers that send no version are not checked.
import { beforeAll, describe, expect, it } from "vitest";
import { apiAction, apiLoader } from "#app/modules/api/endpoint.server.ts";
import { openApiDocument } from "#app/modules/api/openapi.server.ts";
import { productEndpoints } from "#app/modules/api/products.server.ts";
import { getProductForAdmin } from "#app/modules/catalog/admin-products.server.ts";
import { CONFLICT_MESSAGES, editBase } from "#app/modules/catalog/edit-conflict.ts";
import { updateProduct } from "#app/modules/catalog/manage.server.ts";
import { productCreateSchema, productEditSchema } from "#app/modules/catalog/product-schema.ts";
import { createProduct } from "#app/modules/catalog/products.server.ts";
import { action as editAction } from "#app/routes/dashboard.edit-product.$id.tsx";
import { makeJpeg, saveTestUpload } from "#tests/setup/fixtures.ts";
import { adminCookie, args, multipart, ORIGIN } from "./support-input.ts";

let cookie: string;
beforeAll(async () => {
  cookie = await adminCookie();
});

async function newProduct(): Promise<number> {
  const input = productCreateSchema.parse({
    category: "wall-hanging", name: "Brass Owl", price: "1000", fixedPrice: "1000", height: "6", width: "4", length: "3",
    weight: "850", description: "A brass owl",
  });
  return (await createProduct(input, [await saveTestUpload(await makeJpeg(64, 48, 1))])).id;
}

type Answer = { status: number; body: { message: string; data?: { version: number; priceFixed: number; description: string } } };

async function apiUpdate(id: number, body: Record<string, unknown>): Promise<Answer> {
  const request = new Request(new URL(`/api/v1/products/update/${id}`, ORIGIN), {
    method: "PUT",
    headers: { Cookie: cookie, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const response = await apiAction(productEndpoints.update)(args(request, { id: String(id) }));
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

async function apiRead(id: number) {
  const request = new Request(new URL(`/api/v1/products/getProductById/${id}`, ORIGIN), { headers: { Cookie: cookie } });
  const response = await apiLoader(productEndpoints.getProductById)(args(request, { id: String(id) }));
  return ((await response.json()) as { data: { version: number } }).data;
}

/** The edit page's full form as the browser sends it, from the product as the page was opened. */
async function openEditForm(id: number) {
  const p = await getProductForAdmin(id);
  return {
    name: p.name, description: p.description, priceDiscount: String(p.priceDiscount ?? ""), priceFixed: String(p.priceFixed),
    category: p.category, color: p.color, material: p.material, utility: p.utility, height: String(p.height), width: String(p.width),
    length: String(p.length), weight: String(p.weight), keepExistingImages: "true", version: String(p.version), original: editBase(p),
  };
}

type PageResult = { init: { status: number } | null; data: { error?: string; result?: { initialValue?: Record<string, unknown> }; conflict?: { changes: unknown[]; version: number } } };

async function pageSave(id: number, fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries({ intent: "update", ...fields })) data.append(name, value);
  data.append("images", new Blob([]), "");
  const result = (await editAction(args(multipart(`/dashboard/edit-product/${id}`, data, { cookie }), { id: String(id) }))) as Response | PageResult;
  if (result instanceof Response) return { status: result.status, data: {} as PageResult["data"] };
  return { status: result.init?.status ?? 200, data: result.data };
}

describe("lost updates", () => {
  it("edit page: the second tab's save is refused, keeps what was typed, lists what changed; the first tab's price stays", async () => {
    const id = await newProduct();
    const tabOne = await openEditForm(id);
    const tabTwo = await openEditForm(id);
    expect((await pageSave(id, { ...tabOne, priceFixed: "1500" })).status).toBe(302);

    const refused = await pageSave(id, { ...tabTwo, description: "Polished by hand" });
    expect(refused.status).toBe(409);
    expect(refused.data.error).toBe(CONFLICT_MESSAGES.page);
    // Her description as typed; the price she left alone as the other tab saved it.
    expect(refused.data.result?.initialValue).toMatchObject({ description: "Polished by hand", priceFixed: "1500" });
    expect(refused.data.conflict?.changes).toEqual([{ label: "Fixed Price", was: "1000", now: "1500" }]);
    expect(await getProductForAdmin(id)).toMatchObject({ priceFixed: 1500, description: "A brass owl" });

    // Saved again on the version the refusal gave: accepted, as the owner now decides.
    const again = await pageSave(id, { ...tabTwo, priceFixed: "1500", description: "Polished by hand", version: String(refused.data.conflict!.version) });
    expect(again.status).toBe(302);
    expect(await getProductForAdmin(id)).toMatchObject({ priceFixed: 1500, description: "Polished by hand" });
  });

  it("a Quick Edit refused after a sale and a translation elsewhere comes back with both, so saving it again keeps them", async () => {
    const id = await newProduct();
    const { name, description, priceDiscount, priceFixed, category, color, material, utility, height, width, length, weight, version, original } = await openEditForm(id);
    // Quick Edit sends no state and no translations.
    const quick = { mode: "quick", name, description, priceDiscount, priceFixed, category, color, material, utility, height, width, length, weight, keepExistingImages: "true", version, original };
    await updateProduct(id, productEditSchema.parse({ state: "sold", translations: { bn: { name: "পিতলের পেঁচা", description: "হাতে গড়া পেঁচা" } } }));

    const refused = await pageSave(id, { ...quick, priceFixed: "5000" });
    expect(refused.status).toBe(409);
    const form = refused.data.result!.initialValue!;
    // Hers as typed; the sale and the Bengali texts as they are now.
    expect(form).toMatchObject({ priceFixed: "5000", state: "sold", translations: { bn: { name: "পিতলের পেঁচা", description: "হাতে গড়া পেঁচা" } } });
    expect(refused.data.conflict?.changes).toEqual(expect.arrayContaining([{ label: "State", was: "available", now: "sold" }]));

    // The returned form saved again, as the full edit page sends it.
    const fields = Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === "string")) as Record<string, string>;
    for (const [lang, texts] of Object.entries(form.translations as Record<string, Record<string, string>>)) {
      for (const [key, text] of Object.entries(texts)) fields[`translations.${lang}.${key}`] = text;
    }
    const again = await pageSave(id, { ...fields, mode: "full", version: String(refused.data.conflict!.version), original: JSON.stringify({}) });
    expect(again.status).toBe(302);
    const saved = await getProductForAdmin(id);
    expect(saved).toMatchObject({ priceFixed: 5000, state: "sold" });
    expect(saved.translations.bn).toEqual({ name: "পিতলের পেঁচা", description: "হাতে গড়া পেঁচা" });
  });

  it("API: records carry version; a stale version is a 409 with a message and changes nothing; none sent is not checked", async () => {
    const id = await newProduct();
    const { version } = await apiRead(id);
    expect(version).toBeGreaterThan(0);
    const first = await apiUpdate(id, { priceFixed: 1500, version });
    expect(first.status).toBe(200);
    expect(first.body.data?.version).toBe(version + 1);

    const stale = await apiUpdate(id, { description: "Stale", version });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(CONFLICT_MESSAGES.api(version, version + 1));
    expect(await getProductForAdmin(id)).toMatchObject({ priceFixed: 1500, description: "A brass owl", version: version + 1 });

    const unchecked = await apiUpdate(id, { description: "No version sent" });
    expect(unchecked.status).toBe(200);
    expect(unchecked.body.data).toMatchObject({ description: "No version sent", priceFixed: 1500, version: version + 2 });
    expect((await apiUpdate(id, { version: "two" })).status).toBe(400);
  });

  it("OpenAPI: Product has version, the update takes one and may answer 409", () => {
    const doc = openApiDocument() as {
      components: { schemas: Record<string, { properties: Record<string, unknown>; required?: string[] }> };
      paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } }>>;
    };
    expect(doc.components.schemas.Product!.properties).toHaveProperty("version");
    expect(doc.components.schemas.Product!.required).toContain("version");
    const update = doc.paths["/products/update/{id}"]!.put!;
    expect(update.responses).toHaveProperty("409");
    expect(update.requestBody.content["application/json"]!.schema.properties).toHaveProperty("version");
  });
});

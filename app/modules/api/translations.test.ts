// The API's translations: sent on create (multipart) and update (JSON and multipart), returned on
// every product record (admin and public), partial updates, clearing, and clear refusals.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/index.ts";
import { TRANSLATION_MESSAGES } from "#app/modules/catalog/translation-schema.ts";
import { makeJpeg } from "#tests/setup/fixtures.ts";
import { adminCookie, args, multipart, ORIGIN } from "#tests/reliability/support-input.ts";
import { apiAction, apiLoader } from "./endpoint.server.ts";
import { openApiDocument } from "./openapi.server.ts";
import { productEndpoints } from "./products.server.ts";

type Translations = Record<"bn" | "hi", { name: string | null; description: string | null }>;
interface Answer {
  status: number;
  body: { success: boolean; message?: string; errors?: Record<string, string>; data?: { _id: string; name: string; translations: Translations } & Record<string, unknown> };
}

let cookie: string;
beforeAll(async () => {
  cookie = await adminCookie();
});

const BN = { name: "হাতির পরিবার", description: "মা হাতি আর দুটি ছানা, পিতলের মোম-গলানো ঢালাই।" };
const HI = { name: "हाथी परिवार", description: "माँ हाथी और दो बच्चे, पीतल की मोम-ढलाई।" };

async function answer(response: Response): Promise<Answer> {
  return { status: response.status, body: (await response.json()) as Answer["body"] };
}

async function create(fields: Record<string, string>): Promise<Answer> {
  const form = new FormData();
  const base = { name: "Elephant Family Set", priceFixed: "9800", category: "special-items", weight: "2100", size: "H-8 * W-4 * L-10 inch", description: "A mother and two calves" };
  for (const [name, value] of Object.entries({ ...base, ...fields })) form.append(name, value);
  form.append("images", new Blob([new Uint8Array(await makeJpeg(64, 48, 1))], { type: "image/jpeg" }), "e.jpg");
  return answer(await apiAction(productEndpoints.create)(args(multipart("/api/v1/products/create", form, { cookie }))));
}

async function update(id: string, body: Record<string, unknown> | FormData): Promise<Answer> {
  const url = new URL(`/api/v1/products/update/${id}`, ORIGIN).toString();
  const request =
    body instanceof FormData
      ? multipart(url, body, { method: "PUT", cookie })
      : new Request(url, { method: "PUT", headers: { Cookie: cookie, "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return answer(await apiAction(productEndpoints.update)(args(request, { id })));
}

const getById = async (id: string) =>
  answer(await apiLoader(productEndpoints.getProductById)(args(new Request(`${ORIGIN}/api/v1/products/getProductById/${id}`, { headers: { Cookie: cookie } }), { id })));

describe("translations through the API", () => {
  it("create (multipart fields, or one JSON field) stores them and answers with them", async () => {
    const made = await create({ "translations.bn.name": BN.name, "translations.bn.description": BN.description, "translations.hi.name": HI.name });
    expect(made.status).toBe(201);
    expect(made.body.data!.translations).toEqual({ bn: BN, hi: { name: HI.name, description: null } });
    const asJson = await create({ translations: JSON.stringify({ hi: HI }) });
    expect(asJson.status).toBe(201);
    expect(asJson.body.data!.translations).toEqual({ bn: { name: null, description: null }, hi: HI });
    const plain = await create({});
    expect(plain.body.data!.translations).toEqual({ bn: { name: null, description: null }, hi: { name: null, description: null } });
  });

  it("update (JSON): what is left out stays, null or blank clears, and the version check still holds", async () => {
    const id = (await create({ translations: JSON.stringify({ bn: BN, hi: HI }) })).body.data!._id;
    let now = await update(id, { translations: { bn: { name: "হাতি" } } });
    expect(now.status).toBe(200);
    expect(now.body.data!.translations).toEqual({ bn: { name: "হাতি", description: BN.description }, hi: HI });
    now = await update(id, { translations: { bn: { description: null }, hi: { name: "" } } });
    expect(now.body.data!.translations).toEqual({ bn: { name: "হাতি", description: null }, hi: { name: null, description: HI.description } });
    now = await update(id, { translations: { hi: null } });
    expect(now.body.data!.translations.hi).toEqual({ name: null, description: null });
    const version = Number(now.body.data!.version);
    const stale = await update(id, { version: version - 1, translations: { bn: { name: "অন্য" } } });
    expect(stale.status).toBe(409);
    expect((await getById(id)).body.data!.translations.bn.name).toBe("হাতি");
  });

  it("update (multipart) reads the forms' field names; a field not sent stays", async () => {
    const id = (await create({ translations: JSON.stringify({ bn: BN }) })).body.data!._id;
    const form = new FormData();
    form.append("translations.hi.name", HI.name);
    form.append("translations.bn.description", "");
    const now = await update(id, form);
    expect(now.status).toBe(200);
    expect(now.body.data!.translations).toEqual({ bn: { name: BN.name, description: null }, hi: { name: HI.name, description: null } });
  });

  it("refuses other languages, other fields, long texts and malformed ones with a 400 naming them, changing nothing", async () => {
    const id = (await create({ translations: JSON.stringify({ bn: BN }) })).body.data!._id;
    const refusals: Array<[Record<string, unknown> | FormData, string, string]> = [
      [{ translations: { fr: { name: "Éléphant" } } }, "translations", TRANSLATION_MESSAGES.languages],
      [{ translations: { bn: { title: "x" } } }, "translations.bn", TRANSLATION_MESSAGES.fields],
      [{ translations: { hi: { name: "क".repeat(201) } } }, "translations.hi.name", "Hindi name must be at most 200 characters"],
      [{ translations: "bn" }, "translations", TRANSLATION_MESSAGES.shape],
    ];
    const badForm = new FormData();
    badForm.append("translations.bn", "x");
    refusals.push([badForm, "translations", TRANSLATION_MESSAGES.shape]);
    for (const [body, field, message] of refusals) {
      const refused = await update(id, body);
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.[field]).toBe(message);
    }
    const made = await create({ "translations.xx.name": "?" });
    expect(made.status).toBe(400);
    expect(made.body.errors?.translations).toBe(TRANSLATION_MESSAGES.languages);
    expect((await getById(id)).body.data!.translations.bn).toEqual(BN);
  });

  it("public records carry them too", async () => {
    const id = (await create({ name: "Public Elephant", translations: JSON.stringify({ bn: BN }) })).body.data!._id;
    await getDb().updateTable("products").set({ status: "ready" }).where("id", "=", Number(id)).execute();
    const byName = await answer(
      await apiLoader(productEndpoints.getAvailableProductByName)(args(new Request(`${ORIGIN}/api/v1/products/getAvailableProductByName/Public%20Elephant`), { name: "Public Elephant" })),
    );
    expect(byName.body.data!.translations.bn).toEqual(BN);
    const listed = await answer(
      await apiLoader(productEndpoints.getAvailableProductsByCategory)(args(new Request(`${ORIGIN}/api/v1/products/getAvailableProductsByCategory/special-items`), { category: "special-items" })),
    );
    const items = listed.body.data as unknown as Array<{ _id: string; translations: Translations }>;
    expect(items.find((p) => p._id === id)!.translations.bn).toEqual(BN);
  });

  it("the OpenAPI document describes them on the record, the create form and the update", () => {
    const doc = openApiDocument() as { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } };
    expect(doc.components.schemas.Product!.properties).toHaveProperty("translations");
    expect(doc.components.schemas.ProductCreateForm!.properties).toHaveProperty("translations");
    const text = JSON.stringify(doc);
    expect(text).toContain("translations.bn.name");
    expect(text).toContain("null or \\\"\\\" clears it");
  });
});

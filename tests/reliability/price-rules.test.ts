// Prices are plain decimal rupees with at most two decimals, and the selling price is at most
// the list price, in the add and edit forms (one shared schema), the API and its document.
// "0x10" and "1e3" used to be stored as 16 and 1000, and ₹5,000 beside a struck-through ₹1,000.
import { beforeAll, describe, expect, it } from "vitest";
import { apiAction } from "#app/modules/api/endpoint.server.ts";
import { openApiDocument } from "#app/modules/api/openapi.server.ts";
import { productEndpoints } from "#app/modules/api/products.server.ts";
import { PRICE_ORDER_MESSAGE, productCreateSchema, productEditFormSchema } from "#app/modules/catalog/product-schema.ts";
import { getDb } from "#db/index.ts";
import { makeJpeg } from "#tests/setup/fixtures.ts";
import { adminCookie, args, multipart, ORIGIN, shopFingerprint } from "./support-input.ts";

let cookie: string;
let photo: File;
beforeAll(async () => {
  cookie = await adminCookie();
  photo = new File([new Uint8Array(await makeJpeg(64, 48))], "p.jpg", { type: "image/jpeg" });
});

const valid = { name: "Dokra Owl", priceFixed: "2500", priceDiscount: "2100", category: "wall-hanging", weight: "850", size: "H-6 * W-4 * L-3 inch" };
type Body = { message: string; errors?: Record<string, string>; data?: { _id: string; priceFixed: number; priceDiscount: number | null } };

async function create(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...valid, ...fields })) form.append(k, v);
  form.append("images", photo);
  const response = await apiAction(productEndpoints.create)(args(multipart("/api/v1/products/create", form, { cookie })));
  return { status: response.status, ...((await response.json()) as Body) };
}

async function update(id: string, body: unknown) {
  const request = new Request(`${ORIGIN}/api/v1/products/update/${id}`, {
    method: "PUT",
    headers: { Cookie: cookie, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const response = await apiAction(productEndpoints.update)(args(request, { id }));
  return { status: response.status, ...((await response.json()) as Body) };
}

describe("prices", () => {
  it.each([
    ["hexadecimal", { priceFixed: "0x10" }, "priceFixed", "Fixed Price must be a number"],
    ["an exponent", { priceFixed: "1e3" }, "priceFixed", "Fixed Price must be a number"],
    ["a leading space", { priceDiscount: " 12" }, "priceDiscount", "Price must be a number"],
    ["a negative amount", { priceDiscount: "-5" }, "priceDiscount", "Price cannot be negative"],
    ["three decimals", { priceFixed: "2500.125" }, "priceFixed", "Fixed Price must use steps of 0.01"],
    ["a selling price above the list price", { priceFixed: "1000", priceDiscount: "5000" }, "priceDiscount", PRICE_ORDER_MESSAGE],
  ])("API create refuses %s with a 400 naming the field; nothing stored", async (_case, fields, field, message) => {
    const before = await shopFingerprint();
    const answer = await create(fields);
    expect(answer.status).toBe(400);
    expect(answer.errors?.[field]).toBe(message);
    expect(await shopFingerprint()).toEqual(before);
  });

  it("API update: either price alone is checked against the other as stored; JSON numbers with two decimals pass", async () => {
    const created = await create({ priceFixed: "1000", priceDiscount: "900" });
    expect(created.status).toBe(201);
    const id = created.data!._id;
    for (const [body, field] of [
      [{ priceDiscount: 5000 }, "priceDiscount"],
      [{ priceDiscount: "5000" }, "priceDiscount"],
      [{ priceFixed: 500 }, "priceFixed"],
      [{ priceFixed: 1000, priceDiscount: 1000.01 }, "priceDiscount"],
    ] as const) {
      const answer = await update(id, body);
      expect([JSON.stringify(body), answer.status, answer.errors?.[field]]).toEqual([JSON.stringify(body), 400, PRICE_ORDER_MESSAGE]);
    }
    expect((await update(id, { priceFixed: "0x10" })).errors?.priceFixed).toBe("Fixed Price must be a number");
    const fine = await update(id, { priceFixed: 1200.5, priceDiscount: 1200.5 });
    expect(fine.status).toBe(200);
    expect(fine.data).toMatchObject({ priceFixed: 1200.5, priceDiscount: 1200.5 });
  });

  it("the forms' schemas (server and browser) say the same, on the field", () => {
    const add = { category: "wall-hanging", name: "Owl", price: "5000", fixedPrice: "1000", height: "1", width: "1", length: "1", weight: "1" };
    expect(productCreateSchema.safeParse(add).error?.issues).toEqual([expect.objectContaining({ path: ["price"], message: PRICE_ORDER_MESSAGE })]);
    expect(productCreateSchema.safeParse({ ...add, price: "1e3", fixedPrice: "" }).error?.issues[0]).toMatchObject({ path: ["price"], message: "Price must be a number" });
    expect(productCreateSchema.parse({ ...add, price: "999.50" })).toMatchObject({ priceDiscount: 999.5, priceFixed: 1000 });
    const edit = { name: "Owl", description: "Brass", priceFixed: "1000", priceDiscount: "5000" };
    expect(productEditFormSchema.safeParse(edit).error?.issues).toEqual([expect.objectContaining({ path: ["priceDiscount"], message: PRICE_ORDER_MESSAGE })]);
  });

  it("the OpenAPI document states the rule", () => {
    const doc = JSON.stringify(openApiDocument());
    expect(doc).toContain("The selling price is at most the list price (priceFixed)");
    expect(doc).toContain('"multipleOf":0.01');
    expect(doc).toContain('"pattern":"^[0-9]{1,8}(\\\\.[0-9]{1,2})?$"');
  });
});

describe("a product stored before the rule (selling price above the list price)", () => {
  it("can still be edited without touching the prices; a price sent is checked", async () => {
    const created = await create({ priceFixed: "1000", priceDiscount: "900" });
    await getDb().updateTable("products").set({ price_discount: "5000" }).where("id", "=", Number(created.data!._id)).execute();
    expect((await update(created.data!._id, { name: "Renamed" })).status).toBe(200);
    expect((await update(created.data!._id, { priceFixed: 1200 })).errors?.priceFixed).toBe(PRICE_ORDER_MESSAGE);
  });
});

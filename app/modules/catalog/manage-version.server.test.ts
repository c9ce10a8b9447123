import { describe, expect, it } from "vitest";
import { makeJpeg, saveTestUpload } from "#tests/setup/fixtures.ts";
import { getProductForAdmin } from "./admin-products.server.ts";
import { changesSince, CONFLICT_MESSAGES, editBase } from "./edit-conflict.ts";
import { ManageError } from "./manage-messages.server.ts";
import { updateProduct } from "./manage.server.ts";
import { productCreateSchema, productEditSchema, VERSION_MESSAGE } from "./product-schema.ts";
import { createProduct } from "./products.server.ts";
import { setProductState } from "./states.server.ts";

async function newProduct() {
  const input = productCreateSchema.parse({
    category: "wall-hanging", name: "Two tabs", price: "1000", height: "1", width: "1", length: "1", weight: "10", description: "First words",
  });
  return (await createProduct(input, [await saveTestUpload(await makeJpeg(64, 48, 1), "p.jpg")])).id;
}

describe("an edit based on an old version", () => {
  it("is refused with 409 and leaves the other save's change in place; every save moves the version on", async () => {
    const id = await newProduct();
    const opened = await getProductForAdmin(id);
    expect(opened.version).toBe(1);
    const form = { name: opened.name, description: opened.description, priceFixed: "1000", priceDiscount: "1000", version: String(opened.version) };

    // Tab one changes the price and saves.
    await updateProduct(id, productEditSchema.parse({ ...form, priceFixed: "1500", priceDiscount: "1200" }));
    const afterFirst = await getProductForAdmin(id);
    expect(afterFirst).toMatchObject({ priceFixed: 1500, priceDiscount: 1200, version: 2 });

    // Tab two, opened at the same version, changes the description: refused, the price stays.
    const error = await updateProduct(id, productEditSchema.parse({ ...form, description: "Second words" })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ManageError);
    expect((error as ManageError).status).toBe(409);
    expect((error as ManageError).message).toBe(CONFLICT_MESSAGES.api(1, 2));
    expect(await getProductForAdmin(id)).toMatchObject({ priceFixed: 1500, priceDiscount: 1200, description: "First words", version: 2 });

    // What changed meanwhile, from what the page started from.
    expect(changesSince(editBase(opened), afterFirst)).toEqual([
      { label: "Price", was: "1000", now: "1200" },
      { label: "Fixed Price", was: "1000", now: "1500" },
    ]);

    // Saved again on the current version: accepted.
    await updateProduct(id, productEditSchema.parse({ ...form, description: "Second words", priceFixed: "1500", priceDiscount: "1200", version: "2" }));
    expect(await getProductForAdmin(id)).toMatchObject({ description: "Second words", priceFixed: 1500, version: 3 });
  });

  it("is refused after a piece was marked sold on All Products, so the edit never puts it back on sale", async () => {
    const id = await newProduct();
    const opened = await getProductForAdmin(id);
    // The edit page sends the state it was opened with.
    const form = { name: opened.name, description: "Better words", priceFixed: "1000", priceDiscount: "1000", state: opened.state, version: String(opened.version) };
    await setProductState(id, { state: "sold" });
    const sold = await getProductForAdmin(id);
    expect(sold).toMatchObject({ state: "sold", version: opened.version + 1 });

    const error = await updateProduct(id, productEditSchema.parse(form)).catch((e: unknown) => e);
    expect((error as ManageError).status).toBe(409);
    expect(await getProductForAdmin(id)).toMatchObject({ state: "sold", description: "First words" });
    expect(changesSince(editBase(opened), sold)).toEqual([{ label: "State", was: "available", now: "sold" }]);
  });

  it("is not checked when no version is sent (callers that send none keep today's behaviour)", async () => {
    const id = await newProduct();
    await updateProduct(id, productEditSchema.parse({ priceFixed: "1100" }));
    await updateProduct(id, productEditSchema.parse({ description: "No version" }));
    expect(await getProductForAdmin(id)).toMatchObject({ priceFixed: 1100, description: "No version", version: 3 });
  });

  it("refuses a version that is not a whole number, naming it", () => {
    expect(productEditSchema.safeParse({ version: "two" }).error?.issues[0]).toMatchObject({ path: ["version"], message: VERSION_MESSAGE });
    expect(productEditSchema.safeParse({ version: "1.5" }).error?.issues[0]?.message).toBe(VERSION_MESSAGE);
  });
});

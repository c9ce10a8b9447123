import { describe, expect, it } from "vitest";
import { makeJpeg, saveTestUpload } from "#tests/setup/fixtures.ts";
import { getDb } from "#db/index.ts";
import { addToList } from "./lists.server.ts";
import { getProductForAdmin, listEntriesForAdmin, listProductsForAdmin } from "./admin-products.server.ts";
import { ManageError } from "./manage-messages.server.ts";
import {
  deleteProduct,
  deleteProductIfPresent,
  deleteProductImage,
  reorderProductImages,
  setMainImage,
  toggleAvailability,
  updateProduct,
} from "./manage.server.ts";
import { productCreateSchema, productEditSchema } from "./product-schema.ts";
import { createProduct } from "./products.server.ts";

async function uploads(n: number, seed = 0) {
  return Promise.all(Array.from({ length: n }, async (_, i) => saveTestUpload(await makeJpeg(64, 48, seed + i), `p${i}.jpg`)));
}

async function newProduct(name: string, images = 2, description = "A brass owl") {
  const input = productCreateSchema.parse({
    category: "wall-hanging", name, price: "100", height: "1", width: "1", length: "1", weight: "10", description,
  });
  return (await createProduct(input, await uploads(images))).id;
}

const edit = (over: Record<string, string> = {}) =>
  productEditSchema.parse({ name: "Edited", description: "Edited description", priceFixed: "250.50", priceDiscount: "", ...over });

async function expectManageError(work: Promise<unknown>, status: number, message?: string | RegExp) {
  const error = await work.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ManageError);
  expect((error as ManageError).status).toBe(status);
  if (message) expect((error as ManageError).message).toMatch(message);
}

describe("productEditSchema", () => {
  it("requires name, description and a fixed price; prices step 0.01, min 0", () => {
    const result = productEditSchema.safeParse({ name: "", description: "", priceFixed: "" });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining(["Name is required", "Description is required", "Fixed Price is required"]));
    expect(productEditSchema.safeParse({ name: "a", description: "b", priceFixed: "1.005" }).error?.issues[0]?.message).toBe(
      "Fixed Price must use steps of 0.01",
    );
    expect(productEditSchema.safeParse({ name: "a", description: "b", priceFixed: "-1" }).error?.issues[0]?.message).toBe(
      "Fixed Price cannot be negative",
    );
    const parsed = edit({ size: "H-10 * W-6 * L-4 inch", keepExistingImages: "true" });
    expect(parsed).toMatchObject({ height: 10, width: 6, length: 4, keepExistingImages: true, priceDiscount: null });
  });
});

describe("manage.server", () => {
  it("updates fields; new images replace the old ones unless kept; at most 5 in total", async () => {
    const id = await newProduct("Replace me", 2);
    const before = await getProductForAdmin(id);
    await updateProduct(id, edit(), await uploads(1, 10));
    const replaced = await getProductForAdmin(id);
    expect(replaced).toMatchObject({ name: "Edited", description: "Edited description", priceFixed: 250.5, priceDiscount: null });
    expect(replaced.images).toHaveLength(1);
    expect(replaced.images[0]!.mediaId).not.toBe(before.images[0]!.mediaId);
    const gone = await getDb().selectFrom("media").select("id").where("id", "in", before.images.map((i) => i.mediaId)).execute();
    expect(gone).toHaveLength(0);

    await updateProduct(id, edit({ keepExistingImages: "true" }), await uploads(2, 20));
    expect((await getProductForAdmin(id)).images).toHaveLength(3);
    await expectManageError(
      updateProduct(id, edit({ keepExistingImages: "true" }), await uploads(3, 30)),
      400,
      "You can upload a maximum of 5 images. You currently have 3.",
    );
    expect((await getProductForAdmin(id)).images).toHaveLength(3);
    // Fields only: images untouched.
    await updateProduct(id, edit({ name: "Fields only" }));
    expect((await getProductForAdmin(id)).images).toHaveLength(3);
  });

  it("reorders, picks the main image, deletes one image but never the last", async () => {
    const id = await newProduct("Order", 3);
    const ids = (await getProductForAdmin(id)).images.map((i) => i.mediaId);
    await setMainImage(id, ids[2]!);
    expect((await getProductForAdmin(id)).images.map((i) => i.mediaId)).toEqual([ids[2], ids[0], ids[1]]);
    await reorderProductImages(id, [ids[1]!, ids[0]!, ids[2]!]);
    expect((await getProductForAdmin(id)).images.map((i) => i.mediaId)).toEqual([ids[1], ids[0], ids[2]]);
    await expectManageError(reorderProductImages(id, [ids[0]!, ids[0]!, ids[1]!]), 400);
    await deleteProductImage(id, { mediaId: ids[0]! });
    const after = await getProductForAdmin(id);
    expect(after.images.map((i) => [i.mediaId, i.position])).toEqual([[ids[1], 0], [ids[2], 1]]);
    await expectManageError(deleteProductImage(id, { imageUrl: "/media/ab/nothing.jpg" }), 404);
    await deleteProductImage(id, { mediaId: ids[2]! });
    await expectManageError(deleteProductImage(id, { mediaId: ids[1]! }), 400, /at least one image/);
  });

  it("counts a second delete of the same piece from the dashboard as done (a double tap, back and send again)", async () => {
    const id = await newProduct("Deleted twice", 1);
    await Promise.all([deleteProductIfPresent(id), deleteProductIfPresent(id)]);
    await deleteProductIfPresent(id);
    await expectManageError(getProductForAdmin(id), 404);
    // The API's delete still says the piece is not there.
    await expectManageError(deleteProduct(id), 404);
  });

  it("keeps the last image when two deletes of the last two arrive at once (two tabs)", async () => {
    const id = await newProduct("Two tabs", 2);
    const ids = (await getProductForAdmin(id)).images.map((i) => i.mediaId);
    const results = await Promise.allSettled(ids.map((mediaId) => deleteProductImage(id, { mediaId })));
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((refused.reason as ManageError).status).toBe(400);
    expect((await getProductForAdmin(id)).images).toHaveLength(1);
  });

  it("toggles availability, lists with filter and literal search, deletes with list entries", async () => {
    const id = await newProduct("Searchable 100% brass", 1, "with a zebu_pattern");
    const other = await newProduct("Plain 1000 brass", 1, "nothing special");
    expect(await toggleAvailability(id)).toEqual({ available: false });
    expect(await toggleAvailability(id)).toEqual({ available: true });
    const percent = await listProductsForAdmin({ q: "100%" });
    expect(percent.items.map((p) => p.id)).toEqual([id]);
    expect((await listProductsForAdmin({ q: "zebu_" })).items.map((p) => p.id)).toEqual([id]);
    // Words in any order, spaced any way, in the name or the description; an accent as a letter and a mark.
    expect((await listProductsForAdmin({ q: " brass   searchable " })).items.map((p) => p.id)).toEqual([id]);
    expect((await listProductsForAdmin({ q: "zebu brass" })).items.map((p) => p.id)).toEqual([id]);
    const decor = await newProduct("Fish Pair Wall Décor", 1, "two fish");
    expect((await listProductsForAdmin({ q: "De\u0301cor pair" })).items.map((p) => p.id)).toEqual([decor]);
    expect((await listProductsForAdmin({ q: "brass", category: "special-items" })).total).toBe(0);
    expect((await listProductsForAdmin({ q: "brass", category: "wall-hanging" })).items.map((p) => p.id)).toEqual(
      expect.arrayContaining([id, other]),
    );
    const gift = await addToList("gift_entries", id);
    expect((await getProductForAdmin(id)).giftEntryId).toBe(gift.id);
    expect((await listEntriesForAdmin("gift_entries")).map((e) => e.entryId)).toContain(gift.id);
    const mediaIds = (await getProductForAdmin(id)).images.map((i) => i.mediaId);
    await deleteProduct(id);
    await expectManageError(getProductForAdmin(id), 404);
    await expectManageError(deleteProduct(id), 404);
    expect(await getDb().selectFrom("gift_entries").select("id").where("id", "=", gift.id).execute()).toHaveLength(0);
    expect(await getDb().selectFrom("media").select("id").where("id", "in", mediaIds).execute()).toHaveLength(0);
  });
});

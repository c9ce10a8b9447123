import { describe, expect, it } from "vitest";
import { makeJpeg, saveTestUpload } from "#tests/setup/fixtures.ts";
import { getDb } from "#db/index.ts";
import { newFormToken, productCreateSchema } from "./product-schema.ts";
import { createProduct } from "./products.server.ts";

const input = (name: string, formToken?: string) =>
  productCreateSchema.parse({ category: "wall-hanging", name, price: "100", height: "1", width: "1", length: "1", weight: "10", formToken });
const upload = async (seed: number) => [await saveTestUpload(await makeJpeg(64, 48, seed), `t${seed}.jpg`)];
const countNamed = async (name: string) =>
  Number((await getDb().selectFrom("products").select((eb) => eb.fn.countAll().as("n")).where("name", "=", name).executeTakeFirstOrThrow()).n);

describe("createProduct with the Add form's one-time token", () => {
  it("makes one product when the same form is sent twice, even at once, and answers both with it", async () => {
    const token = newFormToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [a, b] = await Promise.all([createProduct(input("Twice Owl", token), await upload(1)), createProduct(input("Twice Owl", token), await upload(2))]);
    expect(a.id).toBe(b.id);
    expect([a.repeated, b.repeated].sort()).toEqual([false, true]);
    const again = await createProduct(input("Twice Owl", token), await upload(3));
    expect(again).toEqual({ id: a.id, repeated: true });
    expect(await countNamed("Twice Owl")).toBe(1);
    const images = await getDb().selectFrom("product_images").select("media_id").where("product_id", "=", a.id).execute();
    expect(images).toHaveLength(1); // the repeat's images were rolled back with its product
  });

  it("makes a product per token, and one per post without a token (the API, the seed)", async () => {
    await createProduct(input("Two Owls", newFormToken()), await upload(4));
    await createProduct(input("Two Owls", newFormToken()), await upload(5));
    await createProduct(input("Two Owls"), await upload(6));
    await createProduct(input("Two Owls"), await upload(7));
    expect(await countNamed("Two Owls")).toBe(4);
  });

  it("refuses a token that is not one the form makes", () => {
    expect(productCreateSchema.safeParse({ ...input("x"), price: "1", height: "1", width: "1", length: "1", weight: "1", formToken: "short" }).success).toBe(false);
  });
});

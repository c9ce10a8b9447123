// The demo catalogue looks like its names: each piece is drawn as its own kind (real sharp).
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DEMO_PRODUCTS } from "./catalogue.ts";
import { motifFor } from "./motifs.ts";
import { renderDokraPicture, renderProductPicture } from "./pictures.ts";

describe("demo motifs", () => {
  it("every demo product is drawn by a rule that knows its kind", () => {
    const unknown = DEMO_PRODUCTS.filter((p) => !motifFor(p.name)).map((p) => p.name);
    expect(unknown).toEqual([]);
  });

  it.each([
    ["Fish Pair Wall Décor", "fish"],
    ["Fish Card Holder", "fish"],
    ["Owl Pair", "owl"],
    ["Elephant Family Set", "elephant"],
    ["Horse with Rider", "horse"],
    ["Ganesha Mask Wall Hanging", "Ganesha"],
    ["Panch Pradip Diya", "diya"],
    ["Tribal Lady Candle Stand", "candle stand"],
    ["Owl Pen Stand", "pen holder"],
    ["Tribal Dancer Wall Hanging", "dancers"],
    ["Monsoon Fisherwoman", "fisherwoman"],
    ["Tortoise Paperweight", "tortoise"],
  ])("%s is drawn as %s", (name, kind) => {
    expect(motifFor(name)?.kind).toBe(kind);
  });

  it("the catalogue shows many kinds, not one picture", () => {
    const kinds = new Set(DEMO_PRODUCTS.map((p) => motifFor(p.name)!.kind));
    expect(kinds.size).toBeGreaterThanOrEqual(25);
  });

  it("pictures of different kinds differ, and the same piece is drawn the same on every machine", async () => {
    const pixels = async (jpeg: Buffer) => sharp(jpeg).resize(64, 64).greyscale().raw().toBuffer();
    const fish = await renderProductPicture("Fish Pair Wall Décor", 20);
    const elephant = await renderProductPicture("Elephant Showpiece", 20);
    expect(await sharp(fish).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 1200 });
    const [a, b] = [await pixels(fish), await pixels(elephant)];
    const changed = a.filter((value, i) => Math.abs(value - b[i]!) > 24).length;
    expect(changed / a.length).toBeGreaterThan(0.05);
    expect(Buffer.compare(fish, await renderProductPicture("Fish Pair Wall Décor", 20))).toBe(0);
    expect(await sharp(await renderDokraPicture(800, 1920, 1080)).metadata()).toMatchObject({ width: 1920, height: 1080 });
  });
});

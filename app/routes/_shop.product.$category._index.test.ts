// The listing's failure path: a store error becomes a red message with status 503, not a crash page.
import { describe, expect, it, vi } from "vitest";
import { allowErrorLogs } from "#tests/setup/unexpected-errors.ts";

vi.mock("#app/modules/catalog/products.server.ts", () => ({
  listPublicProducts: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:3306")),
}));

const { loader } = await import("./_shop.product.$category._index.tsx");

type LoaderArgs = Parameters<typeof loader>[0];
const args = (url: string, category: string) => ({ request: new Request(url), params: { category }, context: {} }) as LoaderArgs;

describe("listing loader", () => {
  it("answers 503 with an error message and an empty page when the database fails", async () => {
    allowErrorLogs(/listing failed to load/);
    const result = (await loader(args("http://shop.test/product/wall-hanging?price=below-5000", "wall-hanging"))) as unknown as {
      data: { error: string | null; page: { items: unknown[] }; price: string; name: string };
      init: { status: number } | null;
    };
    expect(result.init?.status).toBe(503);
    expect(result.data.error).toMatch(/could not load the products/);
    expect(result.data.page.items).toEqual([]);
    expect(result.data).toMatchObject({ name: "Wall Hanging", price: "below-5000" });
  });

  it("gives the Bengali page its category name and message", async () => {
    allowErrorLogs(/listing failed to load/);
    const result = (await loader(args("http://shop.test/bn/product/wall-hanging", "wall-hanging"))) as unknown as {
      data: { error: string | null; name: string; lang: string };
    };
    expect(result.data).toMatchObject({ lang: "bn", name: "দেওয়ালে ঝোলানোর জিনিস" });
    expect(result.data.error).toMatch(/একটু পরে আবার চেষ্টা করুন/);
  });

  it("answers 404 for a category that is not a listing", async () => {
    await expect(loader(args("http://shop.test/product/nope", "nope"))).rejects.toMatchObject({ status: 404 });
  });
});

import { fileURLToPath } from "node:url";
import { getPublicProduct } from "#app/modules/catalog/products.server.ts";
import { bumpPublicVersion, listenForBumps } from "#app/modules/site/public-version.server.ts";
import { getShopSettings } from "#app/modules/site/settings.server.ts";
import { getDb } from "#db/index.ts";
import { fakeServerBuild, listenWithCache } from "./fake-server-build.test-support.ts";

// The pages a web instance serves in the two-instance tests (server/page-cache-instances.test.ts),
// and, run as a script, a second instance in a process of its own: its own cache and Redis
// connections over the test's database and Redis (DATABASE_URL, QUEUE_PREFIX from the parent).

const PUBLIC = { "Content-Type": "text/plain", "Cache-Control": "public, no-cache" };

export const instanceRoutes = {
  // A product's own page, as the product route reads it.
  "routes/piece": {
    id: "routes/piece",
    parentId: "root",
    path: "piece/:id",
    module: {
      loader: async ({ params }: { params: { id: string } }) => {
        const product = await getPublicProduct(Number(params.id));
        return new Response(product ? product.name : "gone", { status: product ? 200 : 404, headers: PUBLIC });
      },
    },
  },
  // A page showing the shop's details, as every storefront page does.
  "routes/phone": {
    id: "routes/phone",
    parentId: "root",
    path: "phone",
    module: { loader: async () => new Response(`call ${(await getShopSettings()).phone}`, { headers: PUBLIC }) },
  },
};

/** A public product, written here, not through an admin action: a write that names nothing, so no page is served from before it. */
export async function newProduct(name: string): Promise<number> {
  const inserted = await getDb()
    .insertInto("products")
    .values({ name, description: "", category: "special-items", price_fixed: 1000, price_discount: null, status: "ready", available: 1 })
    .executeTakeFirstOrThrow();
  await bumpPublicVersion();
  return Number(inserted.insertId);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  listenForBumps(Number(process.env.HEARD_MS));
  const { origin } = await listenWithCache({ build: fakeServerBuild(instanceRoutes), staleSeconds: Number(process.env.STALE_SECONDS), warmPages: 0 });
  console.log(`instance listening on ${origin}`);
}

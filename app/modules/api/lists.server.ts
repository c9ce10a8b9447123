import { z } from "zod";
import { addToList, LIST_MESSAGES, removeFromList, type ProductList } from "#app/modules/catalog/lists.server.ts";
import { getCatalogCounts } from "#app/modules/catalog/products.server.ts";
import { defineEndpoint, type Endpoint } from "./endpoint.server.ts";
import { ok, parseWith } from "./envelope.server.ts";
import { pathId, readBody } from "./http.server.ts";
import { listEntries } from "#app/modules/catalog/lookups.server.ts";
import { apiEntrySchema, listEntryBodySchema } from "./schemas.ts";
import { toApiEntries } from "./serialize.server.ts";

// The Gift (trending) list and the stock (available) collection: the same four calls each.

interface ListCalls {
  prefix: string;
  list: ProductList;
  tag: Endpoint["tag"];
  label: string;
  failures: { add: string; getAll: string; getCount: string; remove: string };
}

function listEndpoints({ prefix, list, tag, label, failures }: ListCalls) {
  const add = defineEndpoint({
    method: "POST",
    path: `/${prefix}/add`,
    tag,
    summary: `Add a product to the ${label}; body {productId}`,
    access: "admin",
    failure: failures.add,
    body: { json: listEntryBodySchema },
    success: { status: 201, description: "The new entry's id", data: z.object({ _id: z.string(), productId: z.string() }) },
    errors: [400, 404, 409, 415],
    async handle({ request }) {
      const { productId } = parseWith(listEntryBodySchema, await readBody(request));
      const { id } = await addToList(list, productId);
      return ok({ _id: String(id), productId: String(productId) }, { status: 201, message: LIST_MESSAGES[list].added });
    },
  });

  const getAll = defineEndpoint({
    method: "GET",
    path: `/${prefix}/getAll`,
    tag,
    summary: `The ${label}, newest first, each entry with its product`,
    description: "Guests see the entries whose product is ready and available; the admin sees every entry.",
    access: "public",
    failure: failures.getAll,
    success: { status: 200, description: "Entries", data: z.array(apiEntrySchema) },
    errors: [],
    async handle({ admin }) {
      const entries = await listEntries(list, admin !== null);
      return ok(await toApiEntries(entries));
    },
  });

  const getCount = defineEndpoint({
    method: "GET",
    path: `/${prefix}/getCount`,
    tag,
    summary: `How many entries the ${label} has (admin)`,
    access: "admin",
    failure: failures.getCount,
    success: { status: 200, description: "The count", data: z.number() },
    errors: [],
    async handle() {
      const counts = await getCatalogCounts();
      return ok(list === "gift_entries" ? counts.giftItems : counts.stockProducts);
    },
  });

  const remove = defineEndpoint({
    method: "DELETE",
    path: `/${prefix}/remove/{id}`,
    tag,
    summary: `Remove an entry (by the entry's _id) from the ${label}`,
    access: "admin",
    failure: failures.remove,
    params: z.object({ id: z.string().meta({ description: "Entry _id" }) }),
    success: { status: 200, description: "The removed entry's id", data: z.object({ _id: z.string() }) },
    errors: [400, 404],
    async handle({ params }) {
      const id = pathId(params);
      await removeFromList(list, id);
      return ok({ _id: String(id) }, { message: LIST_MESSAGES[list].removed });
    },
  });

  return { add, getAll, getCount, remove };
}

export const trendingEndpoints = listEndpoints({
  prefix: "trending",
  list: "gift_entries",
  tag: "Trending",
  label: "Gift list",
  failures: {
    add: "Failed to add product to trending",
    getAll: "Failed to fetch trending products",
    getCount: "Failed to fetch trending count",
    remove: "Failed to remove product from trending",
  },
});

export const availableCollectionEndpoints = listEndpoints({
  prefix: "availablecollections",
  list: "stock_entries",
  tag: "Available collections",
  label: "stock collection",
  failures: {
    add: "Failed to add product to available collection",
    getAll: "Failed to fetch available collection",
    getCount: "Failed to fetch available collection count",
    remove: "Failed to remove product from available collection",
  },
});

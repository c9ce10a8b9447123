import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Picture } from "#app/components/ui/picture.tsx";
import { formatINR, truncate } from "#app/modules/catalog/format.ts";
import { listPublicEntries } from "#app/modules/catalog/products.server.ts";

export async function loader() {
  const gifts = await listPublicEntries("gift_entries", 8);
  return { gifts };
}

export const meta: MetaFunction = () => [{ title: "Handmade Dokra brass from West Bengal" }];

export default function Home() {
  const { gifts } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <p className="text-sm uppercase tracking-wide text-clay">Handcrafted Collection</p>
      <h1 className="font-serif text-3xl text-brass-800">Gift Corner</h1>
      <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
        {gifts.map((product) => (
          <li key={product.id} className="rounded bg-white p-3 shadow-sm">
            {product.images[0] ? (
              <Picture image={product.images[0]} alt={product.name} sizes="(min-width: 768px) 25vw, 50vw" imgClassName="aspect-square w-full object-cover" />
            ) : null}
            <h2 className="mt-2 font-medium">{truncate(product.name, 20)}</h2>
            <p>{formatINR(product.priceDiscount ?? product.priceFixed)}</p>
            <Link to={`/product/${product.category}/${product.id}`}>View Details</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

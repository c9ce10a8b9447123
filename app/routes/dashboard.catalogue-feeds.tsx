import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CopyField } from "#app/components/admin/copy-field.tsx";
import { PublicUrlWarning } from "#app/components/admin/public-url-warning.tsx";
import { requireAdmin } from "#app/modules/auth/auth.server.ts";
import { feedSummary } from "#app/modules/feeds/feed.server.ts";
import { FEED_SERVICES, FEED_SERVICE_KEYS } from "#app/modules/feeds/rules.ts";
import { publicUrlWarning } from "#app/modules/site/public-url.ts";
import { getShopSettings } from "#app/modules/site/settings.server.ts";

/** More refusals than this are counted, not listed (a page the owner can still read on a phone). */
const REFUSALS_SHOWN = 200;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const { publicUrl, publicUrlSet } = await getShopSettings(request);
  const summary = await feedSummary();
  return {
    feeds: FEED_SERVICE_KEYS.map((key) => ({
      key,
      name: FEED_SERVICES[key].name,
      url: `${publicUrl.replace(/\/+$/, "")}${FEED_SERVICES[key].path}`,
      steps: FEED_SERVICES[key].steps,
      carried: summary.carried,
    })),
    refused: summary.refused.slice(0, REFUSALS_SHOWN),
    refusedCount: summary.refused.length,
    publicUrlWarning: publicUrlWarning(publicUrl, publicUrlSet),
  };
}

export default function CatalogueFeeds() {
  const { feeds, refused, refusedCount, publicUrlWarning } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="font-serif text-2xl text-brass-800">Catalogue feeds</h1>
      <p className="mt-1 max-w-2xl text-sm text-brass-900/80">
        Meta (Facebook, Instagram) and Google Merchant Center read these addresses on a schedule and show your available
        products in their shops and ads. Every change you make here reaches both feeds at once.
      </p>
      <PublicUrlWarning message={publicUrlWarning} />
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        {feeds.map((feed) => (
          <section key={feed.key} className="rounded-lg bg-white p-4 shadow-sm" data-testid={`feed-${feed.key}`}>
            <h2 className="font-serif text-xl text-brass-800">{feed.name}</h2>
            <CopyField label="Feed address" value={feed.url} testId={`feed-url-${feed.key}`} />
            <p className="text-sm" data-testid={`feed-count-${feed.key}`}>
              Carries <strong>{feed.carried}</strong> {feed.carried === 1 ? "product" : "products"}.
            </p>
            <h3 className="mt-3 text-sm font-semibold text-brass-900">How to connect it</h3>
            <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm">
              {feed.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
        ))}
      </div>
      <section className="mt-6" data-testid="feed-refusals">
        <h2 className="font-serif text-xl text-brass-800">Left out of both feeds</h2>
        {refusedCount === 0 ? (
          <p className="mt-2 text-sm">Every available product meets both services&apos; rules.</p>
        ) : (
          <>
            <p className="mt-1 text-sm text-brass-900/80">
              {refusedCount} available {refusedCount === 1 ? "product" : "products"} would be refused by Meta or Google, so the
              feeds leave {refusedCount === 1 ? "it" : "them"} out until fixed.
            </p>
            <ul className="mt-3 divide-y divide-brass-100 rounded-lg bg-white shadow-sm">
              {refused.map((product) => (
                <li key={product.id} className="flex flex-wrap items-center justify-between gap-2 p-3" data-testid="feed-refusal">
                  <div className="min-w-0">
                    <p className="break-words font-medium">{product.name}</p>
                    <p className="text-sm text-red-800">{product.reasons.join(" · ")}</p>
                  </div>
                  <Link
                    to={`/dashboard/edit-product/${product.id}`}
                    className="inline-flex min-h-11 items-center rounded border border-brass-700 px-4 text-sm text-brass-800 hover:bg-brass-100"
                  >
                    Edit
                  </Link>
                </li>
              ))}
            </ul>
            {refusedCount > refused.length ? (
              <p className="mt-2 text-sm">And {refusedCount - refused.length} more, shown here as these are fixed.</p>
            ) : null}
          </>
        )}
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Catalogue feeds" }, { name: "robots", content: "noindex" }];

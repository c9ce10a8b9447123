import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BackupCard } from "#app/components/admin/backup-card.tsx";
import { PublicUrlWarning } from "#app/components/admin/public-url-warning.tsx";
import { requireAdmin } from "#app/modules/auth/auth.server.ts";
import { BACKUP_NOTICES } from "#app/modules/backup/messages.ts";
import { backupCard } from "#app/modules/backup/status.server.ts";
import { CATEGORIES, VIRTUAL_LISTS } from "#app/modules/catalog/categories.ts";
import { getCatalogCounts } from "#app/modules/catalog/products.server.ts";
import { PRODUCT_STATES, STATE_NAMES } from "#app/modules/catalog/states.ts";
import { publicUrlWarning } from "#app/modules/site/public-url.ts";
import { getShopSettings } from "#app/modules/site/settings.server.ts";
import { SHOP_DETAILS_TEXT } from "#app/modules/site/shop-details-texts.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const shop = await getShopSettings(request);
  const notice = new URL(request.url).searchParams.get("backup");
  return {
    counts: await getCatalogCounts(),
    publicUrlWarning: publicUrlWarning(shop.publicUrl, shop.publicUrlSet),
    backups: await backupCard(),
    backupNotice: (notice && BACKUP_NOTICES[notice]) ?? null,
  };
}

function Card({ label, value, to }: { label: string; value: number; to?: string }) {
  return (
    <div className="rounded-lg bg-white p-4 shadow-sm" data-testid="count-card">
      <p className="text-sm text-brass-900/80">{label}</p>
      <p className="mt-1 whitespace-nowrap text-3xl font-semibold tabular-nums text-brass-800" data-testid="count-value">
        {value.toLocaleString("en-IN")}
      </p>
      {to ? (
        <Link className="mt-1 inline-flex min-h-11 items-center text-sm text-clay underline" to={to}>
          View Products
        </Link>
      ) : null}
    </div>
  );
}

export default function DashboardHome() {
  const { counts, publicUrlWarning, backups, backupNotice } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="font-serif text-2xl text-brass-800">Dashboard</h1>
      <PublicUrlWarning message={publicUrlWarning} />
      {/* Not a menu entry (the menu keeps its eight, dashboard.tsx): the overview's first line. */}
      <p className="mt-4 rounded-lg bg-white px-4 py-2 text-sm text-brass-900/80 shadow-sm" data-testid="shop-details-link">
        <Link className="inline-flex min-h-11 items-center font-semibold text-clay underline" to="/dashboard/shop-details">
          {SHOP_DETAILS_TEXT.overviewLink}
        </Link>
        {SHOP_DETAILS_TEXT.overviewNote}
      </p>
      <div className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Card label="Total Categories" value={CATEGORIES.length + VIRTUAL_LISTS.length} />
        <Card label="Total Products" value={counts.totalProducts} />
        <Card label="Gift Items" value={counts.giftItems} />
        <Card label="Stock Products" value={counts.stockProducts} />
      </div>
      <h2 className="mt-8 font-serif text-xl text-brass-800">Pieces by state</h2>
      <div className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-4" data-testid="state-counts">
        {PRODUCT_STATES.map((state) => (
          <Card key={state} label={STATE_NAMES[state]} value={counts.byState[state]} to={`/dashboard/all-products?state=${state}`} />
        ))}
      </div>
      {/* Not a menu entry (docs/product-rules.md, Numbers keeps the menu to eight), like Messages in the header. */}
      <p className="mt-4 rounded-lg bg-white px-4 py-2 text-sm text-brass-900/80 shadow-sm">
        {/* The link's 44 px box sits on the line's baseline, so the sentence beside it stays one run of text. */}
        <Link className="inline-block py-3 align-baseline font-semibold text-clay underline" to="/dashboard/catalogue-feeds">
          Catalogue Feeds
        </Link>
        : the addresses for the WhatsApp catalogue (Meta) and Google, and the products they would refuse.
      </p>
      <p className="mt-4 rounded-lg bg-white px-4 py-2 text-sm text-brass-900/80 shadow-sm">
        <Link className="inline-block py-3 align-baseline font-semibold text-clay underline" to="/dashboard/interest">
          Interest
        </Link>
        : which pieces people look at and ask about on WhatsApp, and the searches that found nothing.
      </p>
      <BackupCard card={backups} notice={backupNotice} />
      <h2 className="mt-8 font-serif text-xl text-brass-800">Categories</h2>
      <div className="mt-4 grid grid-cols-2 gap-4 lg:grid-cols-3">
        {CATEGORIES.map((category) => (
          <Card
            key={category.slug}
            label={category.name}
            value={counts.byCategory[category.slug] ?? 0}
            to={`/dashboard/all-products?category=${category.slug}`}
          />
        ))}
      </div>
    </>
  );
}

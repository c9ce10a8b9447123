import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { HeadedSection } from "#app/components/ui/headed-section.tsx";
import { SocialLinks } from "#app/components/shop/contact-links.tsx";
import { FeatureIcon } from "#app/components/shop/icons.tsx";
import { Price } from "#app/components/shop/price.tsx";
import { ProductImage } from "#app/components/shop/product-image.tsx";
import { SLIDE_IMAGE_SIZES, Slider } from "#app/components/shop/slider.tsx";
import { HydrateLater } from "#app/components/ui/hydrate-later.tsx";
import { imagePreload, Picture } from "#app/components/ui/picture.tsx";
import { logger } from "#app/lib/logger.server.ts";
import { HOME_TILE_SLUGS, MENU } from "#app/modules/catalog/categories.ts";
import { truncate } from "#app/modules/catalog/format.ts";
import { fallbackLang } from "#app/modules/catalog/translations.ts";
import { langOfPath } from "#app/modules/i18n/languages.ts";
import { listHomeProducts, toCardView, type HomeProducts } from "#app/modules/catalog/products.server.ts";
import { getCurrentDisplayImage } from "#app/modules/media/library.server.ts";
import { listSlideImages } from "#app/modules/media/slides.server.ts";
import type { ImageView } from "#app/modules/media/views.ts";
import { FEATURE_CARDS, SLIDES, SOCIAL_NETWORKS } from "#app/modules/site/content.ts";
import { getShopSettings } from "#app/modules/site/settings.server.ts";
import { whatsappChatHref } from "#app/modules/whatsapp/links.ts";
import { WhatsAppAnchor } from "#app/components/shop/whatsapp-button.tsx";
import { langFromMatches, seo, shopFromMatches } from "#app/modules/site/seo.ts";
import { useRootData } from "#app/root.tsx";

const GIFT_CORNER_SIZE = 8;
const DOKRA_COLLECTION_SIZE = 5;

/** Home sections never show a store error (docs/product-rules.md, Errors): a failed read leaves its section empty. */
function quietly<T>(label: string, promise: Promise<T>, fallback: T): Promise<T> {
  return promise.catch((error: unknown) => {
    logger.error({ err: error, section: label }, "home section failed to load");
    return fallback;
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const lang = langOfPath(new URL(request.url).pathname);
  const [display, { gifts, stock, tiles }, slideImages] = await Promise.all([
    quietly("display", getCurrentDisplayImage().then((item) => item?.image ?? null), null),
    quietly("products", listHomeProducts({ gifts: GIFT_CORNER_SIZE, stock: DOKRA_COLLECTION_SIZE }, HOME_TILE_SLUGS, lang), { gifts: [], stock: [], tiles: {} } as HomeProducts),
    quietly("slides", listSlideImages(), new Map<number, ImageView>()),
  ]);
  const social = (await getShopSettings()).social;
  return {
    display,
    gifts: gifts.map(toCardView),
    stock: stock.map(toCardView),
    slides: SLIDES.map((slide) => ({ ...slide, image: slideImages.get(slide.id) ?? null })),
    tiles: HOME_TILE_SLUGS.map((slug) => ({
      slug,
      name: MENU.find((m) => m.slug === slug)!.name,
      image: tiles[slug] ?? null,
    })),
    social: SOCIAL_NETWORKS.map((n) => ({ ...n, href: social[n.key] })),
    features: FEATURE_CARDS,
  };
}

const HERO_SIZES = "100vw";

/**
 * The display image this browser last showed on the home page: undefined until the first
 * one (and always on the server, where effects do not run). Lets the banner tell a first
 * load (fade after ~100 ms) from a change of the current image (fade again after ~50 ms).
 */
let lastShownDisplayId: number | null | undefined;

/** The hero image; remounted (keyed by id) when the current display image changes (docs/product-rules.md, Storefront). */
function HeroBanner({ image }: { image: ImageView }) {
  // Decided once at mount, so a re-render never moves a running fade.
  const [changed] = useState(() => lastShownDisplayId !== undefined && lastShownDisplayId !== image.id);
  return (
    <Picture
      image={image}
      alt="Handmade Dokra brass from our workshop"
      sizes={HERO_SIZES}
      priority
      className={changed ? "shop-banner-fade shop-banner-refade block" : "shop-banner-fade block"}
      imgClassName="mx-auto max-h-[70vh] w-full object-cover"
    />
  );
}

/**
 * The first screen's words and ways in: over the photo on wide screens, on a dark
 * scrim that holds 4.5:1 over the photo's brightest pixel; under the photo on a phone.
 */
function HomeIntro() {
  const shop = useRootData()?.shop;
  const button = "inline-flex min-h-11 items-center justify-center rounded-lg px-5 font-semibold";
  return (
    <div className="bg-brass-900 px-4 py-5 text-white md:absolute md:inset-x-0 md:bottom-0 md:bg-transparent md:bg-gradient-to-t md:from-black/85 md:via-black/70 md:via-75% md:to-transparent md:pt-24 md:pb-8" data-testid="home-intro">
      <div className="mx-auto max-w-6xl">
        <h1 className="font-serif text-3xl md:text-5xl">Handmade Dokra brass from Bengal</h1>
        <p className="mt-2 max-w-2xl text-brass-50 md:text-lg">
          Cast by hand in our village workshop by the old lost-wax method. Every piece is one of a kind: ask us about it on WhatsApp.
        </p>
        <p className="mt-4 flex flex-wrap gap-3">
          <Link to="/product/available-collection" className={`${button} bg-white text-brass-900`}>
            Browse the collection
          </Link>
          {shop ? (
            <WhatsAppAnchor href={whatsappChatHref(shop.whatsapp)} className={`${button} bg-[#1f7a3d] text-white`}>
              Chat on WhatsApp<span className="sr-only"> (opens in a new tab)</span>
            </WhatsAppAnchor>
          ) : null}
        </p>
      </div>
    </div>
  );
}

/** A product shelf's heading: a small line above, the title, and a link to the whole list. */
function ShelfHeader({ kicker, id, title, to, action }: { kicker: string; id: string; title: string; to: string; action: string }) {
  return (
    <>
      <p className="text-sm tracking-wide text-clay uppercase">{kicker}</p>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id={id} className="font-serif text-3xl text-brass-800">
          {title}
        </h2>
        <Link to={to} className="inline-flex min-h-11 items-center rounded border border-brass-700 px-4 text-brass-800">
          {action}
        </Link>
      </div>
    </>
  );
}

export default function Home() {
  const { display, gifts, stock, slides, tiles, social, features } = useLoaderData<typeof loader>();
  const displayId = display?.id ?? null;
  useEffect(() => {
    lastShownDisplayId = displayId;
  }, [displayId]);
  return (
    <>
      <section aria-label="Featured piece" className="relative bg-brass-900" data-testid="hero">
        {display ? <HeroBanner key={display.id} image={display} /> : <p className="px-4 py-24 text-center text-brass-100">No display image selected</p>}
        <HomeIntro />
      </section>

      <Slider slides={slides} />

      <nav aria-label="Shop by category strip" className="shop-marquee overflow-hidden border-y border-brass-200 bg-brass-100 py-3">
        <ul className="shop-marquee-track flex w-max gap-10 whitespace-nowrap" data-testid="marquee">
          {[0, 1].map((copy) =>
            MENU.map((item) => (
              <li key={`${copy}-${item.slug}`} aria-hidden={copy === 1 ? true : undefined}>
                <Link
                  to={`/product/${item.slug}`}
                  tabIndex={copy === 1 ? -1 : undefined}
                  className="inline-flex min-h-11 items-center font-serif text-lg text-brass-800 hover:underline"
                >
                  ✦ {item.name}
                </Link>
              </li>
            )),
          )}
        </ul>
      </nav>

      <HydrateLater>
        <HeadedSection heading="categories" title="Shop by Category" size="3xl" className="mx-auto max-w-6xl px-4 py-12">
          <ul className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-3">
            {tiles.map((tile) => (
              <li key={tile.slug} className="group relative overflow-hidden rounded-lg bg-white shadow-sm" data-testid="category-tile">
                <ProductImage
                  image={tile.image}
                  alt=""
                  sizes="(min-width: 1024px) 33vw, 50vw"
                  imgClassName="aspect-[4/3] w-full object-cover transition-transform group-hover:scale-105"
                />
                <div className="shop-caption-delay absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/75 to-transparent p-3 text-white">
                  <h3 className="font-serif text-lg">{tile.name}</h3>
                  <Link
                    to={`/product/${tile.slug}`}
                    className="mt-1 inline-flex min-h-11 items-center rounded bg-brass-700 px-3 text-sm font-medium text-white"
                    aria-label={`Shop now: ${tile.name}`}
                  >
                    Shop now
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </HeadedSection>

        <section className="bg-white py-12" aria-labelledby="features-heading">
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="features-heading" className="text-center font-serif text-3xl text-brass-800">
              Authentic Dokra Art
            </h2>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {features.map((card) => (
                <li key={card.title} className="rounded-lg border border-brass-200 p-5 text-center" data-testid="feature-card">
                  <div className="flex justify-center">
                    <FeatureIcon path={card.iconPath} />
                  </div>
                  <h3 className="mt-3 font-semibold text-brass-800">{card.title}</h3>
                  <p className="mt-2 text-sm text-brass-900/80">{card.description}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="gift-heading" data-testid="gift-corner">
          <ShelfHeader kicker="Handcrafted Collection" id="gift-heading" title="Gift Corner" to="/product/trending" action="Explore Collection" />
          <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
            {gifts.map((product) => (
              <li key={product.id} className="relative flex flex-col rounded-lg bg-white p-3 shadow-sm" data-testid="gift-card">
                <span className="absolute top-2 left-2 z-10 rounded bg-clay px-2 py-0.5 text-xs font-semibold text-white">
                  Popular
                </span>
                <ProductImage
                  image={product.images[0]}
                  alt={product.name}
                  sizes="(min-width: 768px) 25vw, 50vw"
                  imgClassName="aspect-square w-full rounded object-cover"
                />
                <h3 className="mt-2 font-medium" title={product.name} data-testid="card-title" lang={fallbackLang(product.nameLang)}>
                  {truncate(product.name, 20)}
                </h3>
                <Price priceFixed={product.priceFixed} priceDiscount={product.priceDiscount} />
                <Link
                  to={`/product/${product.category}/${product.id}`}
                  className="mt-auto inline-flex min-h-11 items-center text-sm font-medium text-clay underline"
                  aria-label={`View Details: ${product.name}`}
                >
                  View Details
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section className="bg-white py-12" aria-labelledby="collection-heading" data-testid="dokra-collection">
          <div className="mx-auto max-w-6xl px-4">
            <ShelfHeader kicker="Our Available" id="collection-heading" title="Dokra Collection" to="/product/available-collection" action="View all products" />
            <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
              {stock.map((product, i) => (
                <li
                  key={product.id}
                  className={`rounded-lg bg-brass-50 p-3 ${i === 0 ? "col-span-2 row-span-2" : ""}`}
                  data-testid="collection-card"
                  data-featured={i === 0 ? "" : undefined}
                >
                  <Link to={`/product/${product.category}/${product.id}`} className="block">
                    <ProductImage
                      image={product.images[0]}
                      alt={product.name}
                      sizes={i === 0 ? "(min-width: 768px) 50vw, 100vw" : "(min-width: 768px) 25vw, 50vw"}
                      imgClassName="aspect-square w-full rounded object-cover"
                    />
                    <h3 className={`mt-2 font-medium ${i === 0 ? "text-xl" : ""}`} title={product.name} data-testid="card-title" lang={fallbackLang(product.nameLang)}>
                      {truncate(product.name, i === 0 ? 30 : 18)}
                    </h3>
                  </Link>
                  <Price priceFixed={product.priceFixed} priceDiscount={product.priceDiscount} />
                </li>
              ))}
            </ul>
          </div>
        </section>

        <HeadedSection heading="community" title="Join the Unique Dokra Community" size="3xl" className="mx-auto max-w-6xl px-4 py-12 text-center">
          <p className="mt-2 text-brass-900/80">Follow the workshop for new pieces, casting days and village fairs.</p>
          <SocialLinks
            links={social}
            className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4"
            linkClassName="block rounded-lg border border-brass-200 bg-white p-4 hover:border-brass-500"
            withKind
          />
        </HeadedSection>
      </HydrateLater>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const shop = shopFromMatches(matches);
  const og = data?.display?.og ?? data?.gifts[0]?.images[0]?.og;
  return [
    ...seo({
      lang: langFromMatches(matches),
      title: `${shop?.name ?? "Dokra"}: handmade Dokra brass from West Bengal`,
      description:
        "Handmade Dokra brass art by lost-wax casting, straight from the artisans of West Bengal. Browse wall hangings, idols, lamps and gifts, and order on WhatsApp.",
      path: "/",
      publicUrl: shop?.publicUrl,
      siteName: shop?.name,
      image: og ? { ...og, alt: "Handmade Dokra brass" } : null,
    }),
    // The hero and the first slide: on a phone the two are about the same size, and either is the largest paint.
    ...imagePreload(data?.display, HERO_SIZES),
    ...imagePreload(data?.slides[0]?.image, SLIDE_IMAGE_SIZES),
  ];
};

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { HeadedSection } from "#app/components/ui/headed-section.tsx";
import { SocialLinks } from "#app/components/shop/contact-links.tsx";
import { FeatureIcon } from "#app/components/shop/icons.tsx";
import { Price } from "#app/components/shop/price.tsx";
import { ProductImage } from "#app/components/shop/product-image.tsx";
import { SLIDE_IMAGE_SIZES, Slider } from "#app/components/shop/slider.tsx";
import { ServerHtml } from "#app/components/ui/server-html.tsx";
import { imagePreload } from "#app/components/ui/picture.tsx";
import { HERO_SIZES, HeroBanner, HomeIntro, rememberDisplay, ShelfHeader } from "#app/components/shop/home-sections.tsx";
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
import { langFromMatches, seo, shopFromMatches } from "#app/modules/site/seo.ts";
import { pageStrings } from "#app/modules/i18n/strings.server.ts";
import { interpolate } from "#app/modules/i18n/translate.ts";
import { useLocalPath, useT } from "#app/modules/i18n/use-strings.ts";

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
      nameKey: MENU.find((m) => m.slug === slug)!.menuKey,
      image: tiles[slug] ?? null,
    })),
    social: SOCIAL_NETWORKS.map((n) => ({ ...n, href: social[n.key] })),
    features: FEATURE_CARDS,
    ...pageStrings(request, "home"),
  };
}

export default function Home() {
  const { display, gifts, stock, slides, tiles, social, features } = useLoaderData<typeof loader>();
  const t = useT("home");
  const common = useT("common");
  const local = useLocalPath();
  const displayId = display?.id ?? null;
  useEffect(() => rememberDisplay(displayId), [displayId]);
  return (
    <>
      <section aria-label={t("featuredPiece")} className="relative bg-brass-900" data-testid="hero">
        {display ? <HeroBanner key={display.id} image={display} /> : <p className="px-4 py-24 text-center text-brass-100">{t("noDisplayImage")}</p>}
        <HomeIntro />
      </section>

      <Slider slides={slides} />

      <ServerHtml name="home-strip">
        <nav aria-label={t("categoryStrip")} className="shop-marquee overflow-hidden border-y border-brass-200 bg-brass-100 py-3">
          <ul className="shop-marquee-track flex w-max gap-10 whitespace-nowrap" data-testid="marquee">
            {[0, 1].map((copy) =>
              MENU.map((item) => (
                <li key={`${copy}-${item.slug}`} aria-hidden={copy === 1 ? true : undefined}>
                  <Link
                    to={local(`/product/${item.slug}`)}
                    tabIndex={copy === 1 ? -1 : undefined}
                    className="inline-flex min-h-11 items-center font-serif text-lg text-brass-800 hover:underline"
                  >
                    ✦ {common(item.menuKey)}
                  </Link>
                </li>
              )),
            )}
          </ul>
        </nav>
      </ServerHtml>

      <ServerHtml name="home-categories">
        <HeadedSection heading="categories" title={t("shopByCategory")} size="3xl" className="mx-auto max-w-6xl px-4 py-12">
          <ul className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-3">
            {tiles.map((tile) => (
              // The caption lies over the picture in one grid cell, not positioned, so the link's
              // ::after covers the whole tile: a tap on the picture or the name opens the category too.
              // The name on its own dark ground (90 %) stays readable over the brightest photo (AA,
              // tests/e2e/storefront-contrast.spec.ts) and leaves the rest of the photo seen; the
              // tile's dark ground stands in before the photo has arrived.
              <li key={tile.slug} className="group relative grid overflow-hidden rounded-lg bg-brass-900 shadow-sm" data-testid="category-tile">
                <div className="col-start-1 row-start-1">
                  <ProductImage
                    image={tile.image}
                    alt=""
                    sizes="(min-width: 1024px) 33vw, 50vw"
                    imgClassName="block aspect-[4/3] h-full w-full object-cover transition-transform group-hover:scale-105"
                  />
                </div>
                <div className="shop-caption-delay col-start-1 row-start-1 self-end p-3 text-white">
                  <h3 className="w-fit bg-brass-900/90 px-2 py-0.5 font-serif text-lg">{common(tile.nameKey)}</h3>
                  <Link
                    to={local(`/product/${tile.slug}`)}
                    className="mt-1 inline-flex min-h-11 min-w-11 items-center justify-center rounded bg-brass-700 px-3 text-sm font-medium text-white after:absolute after:inset-0"
                    aria-label={t("shopNowLabel", { name: common(tile.nameKey) })}
                  >
                    {t("shopNow")}
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        </HeadedSection>
      </ServerHtml>

      <ServerHtml name="home-features">
        <section className="bg-white py-12" aria-labelledby="features-heading">
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="features-heading" className="text-center font-serif text-3xl text-brass-800">
              {t("featuresTitle")}
            </h2>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {features.map((card) => (
                <li key={card.key} className="rounded-lg border border-brass-200 p-5 text-center" data-testid="feature-card">
                  <div className="flex justify-center">
                    <FeatureIcon path={card.iconPath} />
                  </div>
                  <h3 className="mt-3 font-semibold text-brass-800">{t(`feature.${card.key}.title`)}</h3>
                  <p className="mt-2 text-sm text-brass-900/80">{t(`feature.${card.key}.text`)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      </ServerHtml>

      <ServerHtml name="home-gifts">
        <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="gift-heading" data-testid="gift-corner">
          <ShelfHeader kicker={t("giftKicker")} id="gift-heading" title={t("giftTitle")} to="/product/trending" action={t("giftAction")} />
          <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
            {gifts.map((product) => (
              <li key={product.id} className="relative flex flex-col rounded-lg bg-white p-3 shadow-sm" data-testid="gift-card">
                <span className="pointer-events-none absolute top-2 left-2 z-10 rounded bg-clay px-2 py-0.5 text-xs font-semibold text-white">
                  {t("popular")}
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
                <Price priceFixed={product.priceFixed} priceDiscount={product.priceDiscount} state={product.state} />
                <Link
                  to={local(`/product/${product.category}/${product.id}`)}
                  // Its ::after covers the card (the li is its box): a tap on the picture or the name opens the piece too.
                  className="mt-auto inline-flex min-h-11 items-center text-sm font-medium text-clay underline after:absolute after:inset-0"
                  aria-label={t("viewDetailsLabel", { name: product.name })}
                >
                  {t("viewDetails")}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </ServerHtml>

      <ServerHtml name="home-collection">
        <section className="bg-white py-12" aria-labelledby="collection-heading" data-testid="dokra-collection">
          <div className="mx-auto max-w-6xl px-4">
            <ShelfHeader kicker={t("stockKicker")} id="collection-heading" title={t("stockTitle")} to="/product/available-collection" action={t("stockAction")} />
            <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
              {stock.map((product, i) => (
                <li
                  key={product.id}
                  className={`rounded-lg bg-brass-50 p-3 ${i === 0 ? "col-span-2 row-span-2" : ""}`}
                  data-testid="collection-card"
                  data-featured={i === 0 ? "" : undefined}
                >
                  <Link to={local(`/product/${product.category}/${product.id}`)} className="block">
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
                  <Price priceFixed={product.priceFixed} priceDiscount={product.priceDiscount} state={product.state} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      </ServerHtml>

      <ServerHtml name="home-community">
        <HeadedSection heading="community" title={t("communityTitle")} size="3xl" className="mx-auto max-w-6xl px-4 py-12 text-center">
          <p className="mt-2 text-brass-900/80">{t("communityText")}</p>
          <SocialLinks
            links={social.map((network) => ({ ...network, kind: t(`social.${network.key}`) }))}
            className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4"
            linkClassName="block rounded-lg border border-brass-200 bg-white p-4 hover:border-brass-500"
            withKind
          />
        </HeadedSection>
      </ServerHtml>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const shop = shopFromMatches(matches);
  const og = data?.display?.og ?? data?.gifts[0]?.images[0]?.og;
  const texts = data?.strings.home;
  if (!texts) return [];
  return [
    ...seo({
      lang: langFromMatches(matches),
      title: interpolate(texts.metaTitle!, { name: shop?.name ?? "Dokra" }),
      description: texts.metaDescription!,
      path: "/",
      publicUrl: shop?.publicUrl,
      siteName: shop?.name,
      image: og ? { ...og, alt: texts.ogImageAlt! } : null,
    }),
    // The hero and the first slide: on a phone the two are about the same size, and either is the largest paint.
    ...imagePreload(data?.display, HERO_SIZES),
    ...imagePreload(data?.slides[0]?.image, SLIDE_IMAGE_SIZES),
  ];
};

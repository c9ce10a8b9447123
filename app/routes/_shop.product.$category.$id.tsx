import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { HeadedSection } from "#app/components/ui/headed-section.tsx";
import { Paragraphs } from "#app/components/ui/paragraphs.tsx";
import { useNonce } from "#app/components/nonce.tsx";
import { EnquiryToggle } from "#app/components/shop/enquiry.tsx";
import { GALLERY_IMAGE_SIZES, ProductGallery } from "#app/components/shop/product-gallery.tsx";
import { ProductImage } from "#app/components/shop/product-image.tsx";
import { MadeToOrderNote, StateBadge } from "#app/components/shop/piece-state.tsx";
import { PercentOffBadge, Price } from "#app/components/shop/price.tsx";
import { ShareProduct } from "#app/components/shop/share.tsx";
import { WhatsAppAnchor, WhatsAppButton } from "#app/components/shop/whatsapp-button.tsx";
import { onDemand } from "#app/components/ui/on-demand.tsx";
import { imagePreload } from "#app/components/ui/picture.tsx";
import { notFound } from "#app/lib/http-error.server.ts";
import { categoryName, isListingSlug } from "#app/modules/catalog/categories.ts";
import { truncate } from "#app/modules/catalog/format.ts";
import { getPublicProductWithRelated, toCardView } from "#app/modules/catalog/products.server.ts";
import { productSpecs } from "#app/modules/catalog/specs.server.ts";
import { localize } from "#app/modules/catalog/translations.server.ts";
import { fallbackLang } from "#app/modules/catalog/translations.ts";
import { feedPrices, offerPrice, pieceAvailability } from "#app/modules/feeds/rules.ts";
import { UPLOAD_LIMITS } from "#app/modules/media/limits.ts";
import { langOfPath, pathInLang } from "#app/modules/i18n/languages.ts";
import { pageStrings } from "#app/modules/i18n/strings.server.ts";
import { interpolate } from "#app/modules/i18n/translate.ts";
import { useLocalPath, useT } from "#app/modules/i18n/use-strings.ts";
import { WHATSAPP_ICON_PATH } from "#app/modules/site/content.ts";
import { whatsappBuyHref, whatsappTextHref } from "#app/modules/whatsapp/links.ts";
import { whatsappMessagesIn } from "#app/modules/whatsapp/messages.server.ts";
import { jsonLd, langFromMatches, seo, shopFromMatches } from "#app/modules/site/seo.ts";
import { getShopSettings } from "#app/modules/site/settings.server.ts";
import { useRootData } from "#app/root.tsx";


export async function loader({ params, request }: LoaderFunctionArgs) {
  // Up to 15 digits after any leading zeros (a padded id redirects below), so the number is exact.
  if (!isListingSlug(params.category ?? "") || !/^0*\d{1,15}$/.test(params.id ?? "")) throw notFound();
  const found = await getPublicProductWithRelated(Number(params.id), 15);
  if (!found) throw notFound();
  const english = found.product;
  const url = new URL(request.url);
  const lang = langOfPath(url.pathname);
  // Shown in the page's language; the structured data below stays English, as the feeds do.
  const [product, ...relatedShown] = await localize([english, ...found.related], lang);
  if (!product) throw notFound();
  const path = pathInLang(`/product/${product.category}/${product.id}`, lang);
  // One address per product: a list slug, an old category or a zero-padded id moves to the real one.
  if (params.category !== product.category || params.id !== String(product.id)) throw redirect(`${path}${url.search}`, 301);
  const requested = Number(url.searchParams.get("image"));
  const imageIndex = Number.isInteger(requested) && requested >= 1 ? Math.min(requested, Math.min(UPLOAD_LIMITS.imagesPerProduct, product.images.length)) - 1 : 0;
  const related = relatedShown.map(toCardView);
  const shop = await getShopSettings(request);
  const pageUrl = `${shop.publicUrl}${path}`;
  // Built here, on the server: the page only prints it, so its code stays out of the JavaScript.
  // Google's "product snippet" form, not "merchant listing": nothing is bought on this site
  // (docs/decisions/093-catalogue-feeds.md). Price and availability are the feeds' own.
  const structured = jsonLd({
    "@context": "https://schema.org",
    "@type": "Product",
    name: english.name,
    description: english.description || undefined,
    sku: String(product.id),
    brand: { "@type": "Brand", name: shop.name },
    category: categoryName(product.category),
    image: product.images.map((img) => new URL(img.url, pageUrl).toString()),
    material: product.material || undefined,
    color: product.color || undefined,
    offers: {
      "@type": "Offer",
      url: pageUrl,
      priceCurrency: "INR",
      price: offerPrice(feedPrices(product.priceFixed, product.priceDiscount)),
      availability: pieceAvailability(product).schema,
      itemCondition: "https://schema.org/NewCondition",
    },
  });
  const messages = whatsappMessagesIn(lang);
  // The notify form's words only where it is shown: a sold or reserved piece.
  const texts = pageStrings(request, "product", ...(product.state === "sold" || product.state === "reserved" ? ["notify"] : []));
  return {
    ...texts,
    // Here rather than in meta, which ships to the browser.
    metaDescription: (product.description.trim() || interpolate(texts.strings.product?.metaDescription ?? "", { name: product.name })).slice(0, 160),
    structured,
    whatsappIcon: WHATSAPP_ICON_PATH,
    product,
    specs: productSpecs(product, lang),
    related,
    imageIndex: Math.max(0, imageIndex),
    whatsapp: whatsappBuyHref(shop.whatsapp, pageUrl, messages),
    // A sold or reserved piece cannot be bought: its button asks instead (the message says why).
    askHref:
      product.state === "sold"
        ? whatsappTextHref(shop.whatsapp, messages.similarPiece(product.name, pageUrl))
        : product.state === "reserved"
          ? whatsappTextHref(shop.whatsapp, messages.reservedPiece(product.name, pageUrl))
          : null,
    pageUrl,
    shareWhatsapp: whatsappTextHref(null, `${product.name} ${pageUrl}`),
  };
}

// Shown only for a sold or reserved piece: an available piece's page does not load its code, and
// a page that arrives with it keeps the server's form (a plain form) and loads none (decision 129).
const NotifyForm = onDemand("notify-form", () => import("#app/components/shop/notify-form.tsx").then((module) => module.NotifyForm), { keep: true });

/** The page's closing notes (care, craft, ordering): each title's key and its paragraphs' keys. */
const NOTES = [
  ["notes.care.title", "notes.care.1", "notes.care.2"],
  ["notes.made.title", "notes.made.1"],
  ["notes.order.title", "notes.order.1", "notes.order.2"],
] as const;

export default function ProductDetail() {
  const { product, specs, related, imageIndex, whatsapp: buyHref, whatsappIcon, structured, pageUrl, shareWhatsapp, askHref } = useLoaderData<typeof loader>();
  const t = useT("product");
  const common = useT("common");
  const local = useLocalPath();
  const ask = askHref ? { href: askHref, label: t(product.state === "sold" ? "askSimilar" : "askReserved"), note: t(product.state === "sold" ? "soldNote" : "reservedNote") } : null;
  const whatsapp = ask?.href ?? buyHref;
  const whatsappLabel = ask?.label ?? t("chatOnWhatsapp");
  const inEnquiry = useRootData()?.enquiry.includes(product.id) ?? false;
  const nonce = useNonce();
  return (
    <article className="mx-auto max-w-6xl px-4 py-4 md:py-8" data-testid="product-detail">
      <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: structured }} />
      {/* On a phone the name and price come first, then the picture, so all three fit the first
          screen above the WhatsApp bar; on a wide screen the picture takes the left column. */}
      <div className="grid gap-x-8 gap-y-4 lg:grid-cols-2 lg:grid-rows-[auto_1fr] lg:gap-y-0">
        <div className="lg:col-start-2" data-testid="detail-heading">
          <StateBadge state={product.state} className="mb-2" />
          <h1 className="font-serif text-2xl text-brass-800 sm:text-3xl" lang={fallbackLang(product.nameLang)}>
            {product.name}
          </h1>
          <p className="mt-1 text-sm text-brass-900/80">{common(`category.${product.category}`)}</p>
          <div data-testid="detail-price">
            <Price priceFixed={product.priceFixed} priceDiscount={product.priceDiscount} state={product.state} className="mt-2 text-2xl lg:mt-4" />
            <MadeToOrderNote state={product.state} shipsInDays={product.shipsInDays} />
          </div>
        </div>
        <div className="relative lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <PercentOffBadge priceFixed={product.priceFixed} priceDiscount={product.priceDiscount} state={product.state} />
          {product.images.length > 0 ? (
            <ProductGallery images={product.images} name={product.name} initial={imageIndex} />
          ) : (
            <ProductImage image={null} alt={product.name} sizes="100vw" imgClassName="aspect-square w-full rounded-lg" />
          )}
        </div>
        <div className="lg:col-start-2">
          {ask ? <p className="mt-4 text-brass-900/90" data-testid="state-note">{ask.note}</p> : null}
          <div className="mt-6 flex flex-wrap items-center gap-3">
            {/* On a phone the bar below is the one chat button (one at a time). */}
            <span className="max-md:hidden">
              <WhatsAppButton href={whatsapp} icon={whatsappIcon} testId={ask ? "whatsapp-ask" : "whatsapp"} tap={{ kind: ask ? "similar" : "buy", productId: product.id }}>
                {whatsappLabel}
              </WhatsAppButton>
            </span>
            {ask ? null : <EnquiryToggle productId={product.id} inList={inEnquiry} />}
          </div>
          <p className="mt-2">
            <Link to={local(`/commission?piece=${product.id}`)} className="inline-flex min-h-11 items-center font-semibold text-brass-800 underline" data-testid="commission-link">
              {common(product.state === "sold" ? "commissionLinkSimilar" : "commissionLink")}
            </Link>
          </p>
          {product.state === "sold" || product.state === "reserved" ? <NotifyForm key={`${product.id}-${product.state}`} productId={product.id} state={product.state} /> : null}

          {/* Its height is set, and the icon stands at its left with the words centred beside it
              (app/components/shop/shop.css): a page on a slow line is painted in pieces, and a bar
              sized by its words grew upwards. */}
          <div className="shop-buy-bar fixed inset-x-0 bottom-0 z-30 box-content h-12 border-t border-brass-200 bg-white/95 px-4 py-2 md:hidden" data-testid="whatsapp-bar">
            <WhatsAppAnchor
              href={whatsapp}
              tap={{ kind: ask ? "similar" : "buy", productId: product.id }}
              className="h-12 rounded-lg bg-[#1f7a3d] px-5 font-semibold text-white"
            >
              <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
                <path fill="currentColor" d={whatsappIcon} />
              </svg>
              {whatsappLabel}
              <span className="sr-only">{t("whatsappAbout", { name: product.name })}</span>
            </WhatsAppAnchor>
          </div>

          <HeadedSection heading="specs" title={t("specs")} size="xl" className="mt-8">
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm" data-testid="specs">
              {specs.map(({ label, value, lang }) => (
                <div key={label} className="contents">
                  <dt className="font-medium text-brass-900/80">{label}</dt>
                  <dd lang={lang}>{value}</dd>
                </div>
              ))}
            </dl>
          </HeadedSection>

          <HeadedSection heading="description" title={t("description")} size="xl" className="mt-8">
            <p className="mt-3 whitespace-pre-line text-brass-900/90" data-testid="description" lang={product.description.trim() ? fallbackLang(product.descriptionLang) : undefined}>
              {product.description.trim() || t("noDescription")}
            </p>
          </HeadedSection>

          <ShareProduct title={product.name} url={pageUrl} whatsappHref={shareWhatsapp} productId={product.id} />
        </div>
      </div>

      {related.length > 0 ? (
        <HeadedSection heading="related" title={t("related")} size="2xl" className="mt-14">
          <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5" data-testid="related">
            {related.map((item) => (
              <li key={item.id} className="rounded-lg bg-white p-2 shadow-sm">
                <Link to={local(`/product/${item.category}/${item.id}`)} className="block" title={item.name}>
                  <ProductImage
                    image={item.images[0]}
                    alt=""
                    sizes="(min-width: 1024px) 20vw, (min-width: 640px) 33vw, 50vw"
                    imgClassName="aspect-square w-full rounded object-cover"
                  />
                  <StateBadge state={item.state} className="mt-2" />
                  <span className="mt-2 block text-sm font-medium" data-testid="related-title" lang={fallbackLang(item.nameLang)}>
                    {truncate(item.name, 20)}
                  </span>
                </Link>
                <Price priceFixed={item.priceFixed} priceDiscount={item.priceDiscount} state={item.state} className="text-sm" />
              </li>
            ))}
          </ul>
        </HeadedSection>
      ) : null}

      <section className="mt-14 grid gap-6 rounded-lg bg-white p-6 md:grid-cols-3" aria-label={t("notesLabel")} data-testid="product-notes">
        {NOTES.map(([title, ...paragraphs]) => (
          <div key={title}>
            <h2 className="font-serif text-lg text-brass-800">{t(title)}</h2>
            <Paragraphs texts={paragraphs.map((key) => t(key))} className="mt-2 text-sm text-brass-900/85" />
          </div>
        ))}
      </section>
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const shop = shopFromMatches(matches);
  if (!data) return [{ title: "Page Not Found" }];
  const { product } = data;
  const og = product.images[0]?.og;
  return [
    ...seo({
      lang: langFromMatches(matches),
      title: product.name,
      description: data.metaDescription,
      path: `/product/${product.category}/${product.id}`,
      publicUrl: shop?.publicUrl,
      siteName: shop?.name,
      type: "product",
      image: og ? { ...og, alt: product.name } : null,
    }),
    ...imagePreload(product.images[data.imageIndex], GALLERY_IMAGE_SIZES),
  ];
};

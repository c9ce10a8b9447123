import { Link } from "@remix-run/react";
import { EnquiryForm } from "#app/components/shop/enquiry.tsx";
import { useEnquiryLine } from "#app/components/shop/enquiry-line.ts";
import { HeartIcon } from "#app/components/shop/enquiry-link.tsx";
import { MadeToOrderNote, StateBadge } from "#app/components/shop/piece-state.tsx";
import { PercentOffBadge, Price } from "#app/components/shop/price.tsx";
import { ProductImage } from "#app/components/shop/product-image.tsx";
import { truncate } from "#app/modules/catalog/format.ts";
import type { CardProduct } from "#app/modules/catalog/card-product.ts";
import { heldBack } from "#app/modules/catalog/held-back.ts";
import { fallbackLang } from "#app/modules/catalog/translations.ts";
import { useLocalPath, useT } from "#app/modules/i18n/use-strings.ts";

/** The heart on a listing card. */
function EnquiryHeart({ productId, name, inList, cardId }: { productId: number; name: string; inList: boolean; cardId: string }) {
  const t = useT("listing");
  return (
    <EnquiryForm productId={productId} inList={inList} returnAnchor={cardId} inLine={useEnquiryLine} className="absolute top-1 right-1 z-10 max-w-[80%] text-right">
      {(listed) => (
        <button
          type="submit"
          aria-pressed={listed}
          aria-label={t("enquiryHeart", { name })}
          className="inline-flex size-11 items-center justify-center rounded-full bg-white/90 shadow"
          data-testid="enquiry-heart"
        >
          <HeartIcon filled={listed} />
        </button>
      )}
    </EnquiryForm>
  );
}

/** The listing card picture's sizes (its route preloads the first pictures at these). */
export const CARD_IMAGE_SIZES = "(min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw";

/** A listing card: badge, picture, title (50 characters), price, enquiry heart, view links. */
export function ProductCard({
  product,
  inEnquiry,
  priority = false,
}: {
  product: CardProduct;
  inEnquiry: boolean;
  priority?: boolean;
}) {
  const t = useT("listing");
  const href = useLocalPath()(`/product/${product.category}/${product.id}`);
  const cardId = `piece-${product.id}`;
  return (
    <li id={cardId} className="relative flex scroll-mt-4 flex-col rounded-lg bg-white p-3 shadow-sm" data-testid="product-card">
      <PercentOffBadge priceFixed={product.priceFixed} priceDiscount={product.priceDiscount} state={product.state} />
      {heldBack(product.state) ? null : <EnquiryHeart productId={product.id} name={product.name} inList={inEnquiry} cardId={cardId} />}
      <Link to={href} tabIndex={-1} aria-hidden="true" className="block">
        <ProductImage
          image={product.images[0]}
          alt=""
          sizes={CARD_IMAGE_SIZES}
          priority={priority}
          imgClassName="aspect-square w-full rounded object-contain"
        />
      </Link>
      <StateBadge state={product.state} className="mt-2 self-start" />
      <h2 className="mt-2 text-sm font-medium sm:text-base" title={product.name} lang={fallbackLang(product.nameLang)}>
        <Link to={href} className="inline-block py-1 hover:underline" data-testid="card-title">
          {truncate(product.name, 50)}
        </Link>
      </h2>
      <Price priceFixed={product.priceFixed} priceDiscount={product.priceDiscount} state={product.state} className="mt-1" />
      <MadeToOrderNote state={product.state} shipsInDays={product.shipsInDays} />
      {/* Right under the text, not pushed to the card's foot: the foot moves when a taller card
          beside it arrives (a page on a slow line is painted in pieces). */}
      <Link
        to={href}
        className="mt-2 flex min-h-11 items-center justify-center rounded bg-brass-700 px-3 py-2 text-center text-sm font-medium text-white hover:bg-brass-800"
        aria-label={t("viewProductLabel", { name: product.name })}
      >
        {t("viewProduct")}
      </Link>
    </li>
  );
}

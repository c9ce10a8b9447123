import { Link } from "@remix-run/react";
import { useState } from "react";
import { Picture } from "#app/components/ui/picture.tsx";
import { WhatsAppAnchor } from "#app/components/shop/whatsapp-button.tsx";
import type { ImageView } from "#app/modules/media/views.ts";
import { useLocalPath, useT } from "#app/modules/i18n/use-strings.ts";
import { whatsappChatHref } from "#app/modules/whatsapp/links.ts";
import { useRootData } from "#app/root.tsx";

export const HERO_SIZES = "100vw";

/**
 * The display image this browser last showed on the home page: undefined until the first
 * one (and always on the server, where effects do not run). Lets the banner tell a first
 * load (fade after ~100 ms) from a change of the current image (fade again after ~50 ms).
 */
let lastShownDisplayId: number | null | undefined;

/** Remembers the display image shown, once the page has shown it. */
export function rememberDisplay(id: number | null) {
  lastShownDisplayId = id;
}

/** The hero image; remounted (keyed by id) when the current display image changes (docs/product-rules.md, Storefront). */
export function HeroBanner({ image }: { image: ImageView }) {
  const t = useT("home");
  // Decided once at mount, so a re-render never moves a running fade.
  const [changed] = useState(() => lastShownDisplayId !== undefined && lastShownDisplayId !== image.id);
  return (
    <Picture
      image={image}
      alt={t("heroAlt")}
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
export function HomeIntro() {
  const shop = useRootData()?.shop;
  const t = useT("home");
  const common = useT("common");
  const local = useLocalPath();
  const button = "inline-flex min-h-11 items-center justify-center rounded-lg px-5 font-semibold";
  return (
    <div className="bg-brass-900 px-4 py-5 text-white md:absolute md:inset-x-0 md:bottom-0 md:bg-transparent md:bg-gradient-to-t md:from-black/85 md:via-black/70 md:via-75% md:to-transparent md:pt-24 md:pb-8" data-testid="home-intro">
      <div className="mx-auto max-w-6xl">
        <h1 className="font-serif text-3xl md:text-5xl">{t("introTitle")}</h1>
        <p className="mt-2 max-w-2xl text-brass-50 md:text-lg">{t("introText")}</p>
        {/* On a phone one button per line, full width: the second never waits for its words to know its line. */}
        <p className="mt-4 grid gap-3 sm:flex sm:flex-wrap">
          <Link to={local("/product/available-collection")} className={`${button} bg-white text-brass-900`}>
            {t("browseCollection")}
          </Link>
          {shop ? (
            <WhatsAppAnchor href={whatsappChatHref(shop.whatsapp)} className={`${button} bg-[#1f7a3d] text-white`}>
              {t("chatOnWhatsapp")}
              <span className="sr-only">{common("newTab")}</span>
            </WhatsAppAnchor>
          ) : null}
        </p>
      </div>
    </div>
  );
}

/** A product shelf's heading: a small line above, the title, and a link to the whole list. */
export function ShelfHeader({ kicker, id, title, to, action }: { kicker: string; id: string; title: string; to: string; action: string }) {
  return (
    <>
      <p className="text-sm tracking-wide text-clay uppercase">{kicker}</p>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id={id} className="font-serif text-3xl text-brass-800">
          {title}
        </h2>
        <Link to={useLocalPath()(to)} className="inline-flex min-h-11 items-center rounded border border-brass-700 px-4 text-brass-800">
          {action}
        </Link>
      </div>
    </>
  );
}

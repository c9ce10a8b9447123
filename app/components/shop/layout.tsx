import { Link, NavLink, useLocation, useNavigation, useNavigationType } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { shopAddresses } from "#app/components/shop/contact-links.tsx";
import { EnquiryLink } from "#app/components/shop/enquiry-link.tsx";
import { SearchForm } from "#app/components/shop/search-form.tsx";
import { WhatsAppAnchor } from "#app/components/shop/whatsapp-button.tsx";
import { MENU } from "#app/modules/catalog/categories.ts";
import { telHref } from "#app/modules/site/links.ts";
import { whatsappChatHref } from "#app/modules/whatsapp/links.ts";
import { useLocalPath, useT } from "#app/modules/i18n/use-strings.ts";
import { LanguageSwitcher } from "#app/components/shop/language-switcher.tsx";
import { englishPath } from "#app/modules/i18n/languages.ts";
import type { RootData } from "#app/root.tsx";

/** The id of the header's last element: a shop page's first paint waits until it has arrived (app/routes/_shop.tsx, decision 120). */
export const HEADER_END_ID = "header-end";

type Shop = RootData["shop"];

/** The site's own pages in the menu: `key` names the link's text in app/locales/<lang>/common.json. */
export const SITE_LINKS = [
  { key: "linkHome", to: "/" },
  { key: "linkAbout", to: "/about" },
  { key: "linkVideos", to: "/about?view=videos#videos" },
  { key: "linkGallery", to: "/gallery" },
  { key: "linkContact", to: "/contact" },
] as const;

export function Logo({ name, lang }: { name: string; lang?: string }) {
  const t = useT("common");
  return (
    <Link to={useLocalPath()("/")} className="flex min-h-11 items-center gap-2 font-serif text-base leading-tight text-brass-800 sm:text-lg md:text-xl" aria-label={t("logoLabel", { name })}>
      <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" className="shrink-0">
        <circle cx="18" cy="18" r="17" fill="#b9832a" />
        <path d="M9 24c3-7 15-7 18 0M18 8v8M12 12l3 4M24 12l-3 4" stroke="#fbf7ec" strokeWidth="2.2" fill="none" strokeLinecap="round" />
        <circle cx="18" cy="18" r="3" fill="#fbf7ec" />
      </svg>
      <span lang={lang}>{name}</span>
    </Link>
  );
}

function useSiteLinkActive() {
  const location = useLocation();
  const path = englishPath(location.pathname);
  const videos = new URLSearchParams(location.search).get("view") === "videos";
  return (to: string) => {
    if (to === "/") return path === "/";
    if (to.startsWith("/about?view=videos")) return path === "/about" && videos;
    if (to === "/about") return path === "/about" && !videos;
    return path === to;
  };
}

function CategoryLinks({ className }: { className?: string }) {
  const t = useT("common");
  const local = useLocalPath();
  return (
    <ul className={className}>
      {MENU.map((item) => (
        <li key={item.slug}>
          <NavLink
            to={local(`/product/${item.slug}`)}
            className={({ isActive }) =>
              `block rounded px-2 py-1.5 ${isActive ? "bg-brass-700 font-semibold text-white" : "text-brass-900 hover:bg-brass-100"}`
            }
          >
            {t(item.menuKey)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function SiteLinks({ className }: { className?: string }) {
  const isActive = useSiteLinkActive();
  const t = useT("common");
  const local = useLocalPath();
  return (
    <ul className={className}>
      {SITE_LINKS.map((link) => (
        <li key={link.key}>
          <Link
            to={local(link.to)}
            aria-current={isActive(link.to) ? "page" : undefined}
            className={`rounded px-2 py-1 hover:underline ${isActive(link.to) ? "font-semibold text-clay" : "text-brass-900"}`}
          >
            {t(link.key)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Small screens: a <details> toggle (works without JS) in the header line, closed on every navigation with JS. */
function MobileMenu({ shop }: { shop: Shop | undefined }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const t = useT("common");
  // Closed after a navigation, not when the page hydrates: a menu tapped open before the
  // scripts loaded (they wait for the first screen) stays open.
  const shownAt = useRef(location.key);
  useEffect(() => {
    if (shownAt.current === location.key) return;
    shownAt.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  return (
    <details ref={ref} className="shop-menu md:hidden" data-testid="mobile-menu">
      <summary className="flex min-h-11 cursor-pointer items-center gap-1.5 rounded border border-brass-300 px-2.5 text-sm">
        <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
          <path d="M2 4h14M2 9h14M2 14h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {t("menu")}
      </summary>
      <nav aria-label={t("menu")} className="absolute inset-x-0 top-full z-40 border-b border-brass-200 bg-white px-4 pb-4 shadow-lg">
        <LanguageSwitcher className="-mx-4 border-b border-brass-100" />
        <p className="py-2 text-xs text-brass-900/80" lang={shop?.langs.addressLine}>{shop?.addressLine}</p>
        <SiteLinks className="mb-2 grid grid-cols-2 gap-x-2 text-sm [&_a]:flex [&_a]:min-h-11 [&_a]:items-center" />
        <CategoryLinks className="grid gap-1 text-sm [&_a]:flex [&_a]:min-h-11 [&_a]:items-center" />
      </nav>
    </details>
  );
}

/** The workshop's WhatsApp as an icon button: a chat with no page address attached. */
export function WhatsAppLink({ number, icon, className = "" }: { number: string; icon: string | undefined; className?: string }) {
  const t = useT("common");
  return (
    <WhatsAppAnchor
      href={whatsappChatHref(number)}
      className={`inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full text-[#1a6b35] ${className}`}
      data-testid="whatsapp-chat"
    >
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
        <path fill="currentColor" d={icon} />
      </svg>
      <span className="sr-only">{t("whatsappNewTab")}</span>
    </WhatsAppAnchor>
  );
}

/** Past 300 px a button takes the visitor back up; each new screen starts at the top ~100 ms after load. */
function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  const location = useLocation();
  const navigationType = useNavigationType();
  const t = useT("common");
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > 300);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  // Only a new path is a new screen: a query change on the same page (the gallery's lightbox,
  // a filter) keeps its place, whatever kind of navigation (push or replace) made it.
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    const samePath = shownPath.current === location.pathname;
    shownPath.current = location.pathname;
    // Back/forward keeps the restored position; a #fragment keeps its target.
    if (samePath || navigationType === "POP" || location.hash) return;
    const timer = window.setTimeout(() => window.scrollTo({ top: 0, behavior: "instant" }), 100);
    return () => window.clearTimeout(timer);
  }, [location.pathname, location.hash, navigationType]);
  if (!visible) return null;
  const toTop = () => {
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduce ? "instant" : "smooth" });
    document.getElementById("top")?.focus({ preventScroll: true });
  };
  return (
    <button
      type="button"
      onClick={toTop}
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          toTop();
        }
      }}
      aria-label={t("scrollToTop")}
      data-testid="scroll-to-top"
      className="shop-to-top fixed right-4 bottom-4 z-40 flex size-12 items-center justify-center rounded-full bg-brass-700 text-white shadow-lg"
    >
      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
        <path d="M10 4l-6 7h4v5h4v-5h4z" fill="currentColor" />
      </svg>
    </button>
  );
}

const LISTING_PATH = /^\/product\/[^/]+\/?$/;

/** 'Loading products...' while a client navigation to a listing (a category, a filter, a page) loads. */
function LoadingProducts() {
  const navigation = useNavigation();
  const t = useT("common");
  const loading = navigation.state === "loading" && LISTING_PATH.test(englishPath(navigation.location.pathname));
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-0 z-50 flex justify-center">
      {loading ? (
        <p className="mt-2 rounded-full bg-brass-800 px-4 py-1 text-sm text-white shadow" data-testid="loading-products">
          {t("loadingProducts")}
        </p>
      ) : null}
    </div>
  );
}

export function ShopChrome({
  shop,
  year,
  whatsappIcon,
  enquiryCount,
  searchMaxLength,
  children,
}: {
  shop: Shop | undefined;
  year: number | undefined;
  whatsappIcon?: string;
  enquiryCount: number;
  searchMaxLength: number | undefined;
  children: ReactNode;
}) {
  const t = useT("common");
  const local = useLocalPath();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("skipToContent")}
      </a>
      <header id="top" tabIndex={-1} className="relative border-b border-brass-200 bg-white">
        <LanguageSwitcher className="hidden border-b border-brass-100 bg-brass-50 md:block" />
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-x-2 px-4 py-1.5 md:gap-x-4 md:py-3">
          {shop ? <Logo name={shop.name} lang={shop.langs.name} /> : null}
          <p className="hidden text-sm text-brass-900/80 md:block" data-testid="address-line" lang={shop?.langs.addressLine}>
            {shop?.addressLine}
          </p>
          <div className="flex items-center md:gap-3">
            <EnquiryLink count={enquiryCount} />
            {shop ? (
              <a className="inline-flex min-h-11 min-w-11 items-center justify-center text-sm font-medium text-brass-800" href={telHref(shop.phone)}>
                <span aria-hidden="true">☎</span>
                <span className="sr-only md:not-sr-only md:ml-1">{shop.phone}</span>
              </a>
            ) : null}
            {shop ? <WhatsAppLink number={shop.whatsapp} icon={whatsappIcon} /> : null}
            <MobileMenu shop={shop} />
          </div>
        </div>
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 pb-2 md:pb-0">
          <nav aria-label={t("navSite")} className="hidden md:block">
            <SiteLinks className="flex gap-3 text-sm" />
          </nav>
          <SearchForm maxLength={searchMaxLength} className="w-full md:w-auto" />
        </div>
        <nav id={HEADER_END_ID} aria-label={t("navCategories")} className="mx-auto hidden max-w-6xl px-4 py-2 md:block">
          <CategoryLinks className="flex flex-wrap gap-1 text-sm" />
        </nav>
      </header>
      <LoadingProducts />
      <main id="main">{children}</main>
      <ScrollToTop />
      <footer className="mt-16 border-t border-brass-200 bg-white" data-testid="site-footer">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm sm:grid-cols-2 lg:grid-cols-4">
          {shopAddresses(shop).map((address) => (
            <div key={address.labelKey}>
              <h2 className="font-semibold text-brass-800">{t(address.labelKey)}</h2>
              <address className="not-italic" data-testid={address.testId} lang={address.lang}>
                {address.text}
              </address>
            </div>
          ))}
          <div>
            <h2 className="font-semibold text-brass-800">{t("footerContact")}</h2>
            <p>
              <a className="inline-flex min-h-11 items-center underline" href={`mailto:${shop?.email}`}>
                {shop?.email}
              </a>
            </p>
            <p>{shop ? <a className="inline-flex min-h-11 items-center underline" href={telHref(shop.phone)}>{shop.phone}</a> : null}</p>
            <p>
              {shop ? (
                <WhatsAppAnchor className="inline-flex min-h-11 items-center underline" href={whatsappChatHref(shop.whatsapp)}>
                  {t("whatsapp")}
                  <span className="sr-only">{t("newTab")}</span>
                </WhatsAppAnchor>
              ) : null}
            </p>
            <p>
              <Link className="inline-flex min-h-11 items-center underline" to={local("/commission")} data-testid="footer-commission">
                {t("commissionLink")}
              </Link>
            </p>
          </div>
          <div>
            <h2 className="font-semibold text-brass-800">{t("footerPolicies")}</h2>
            <ul>
              <li>
                <Link className="inline-flex min-h-11 items-center underline" to={local("/privacy-policy")}>{t("privacyPolicy")}</Link>
              </li>
              <li>
                <Link className="inline-flex min-h-11 items-center underline" to={local("/terms-and-conditions")}>{t("termsAndConditions")}</Link>
              </li>
              <li>
                <Link className="inline-flex min-h-11 items-center underline" to={local("/refund-and-returns-policy")}>{t("refundPolicy")}</Link>
              </li>
            </ul>
          </div>
        </div>
        <div className="border-t border-brass-100">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-xs">
            <p data-testid="copyright">
              {t("copyright", { year: year ?? "", name: shop?.name ?? "" })}
            </p>
            <p className="flex gap-4">
              <a href="#top" className="inline-flex min-h-11 items-center underline">{t("backToTop")}</a>
              <Link to="/admin" className="inline-flex min-h-11 min-w-11 items-center justify-center underline">{t("admin")}</Link>
            </p>
          </div>
        </div>
      </footer>
    </>
  );
}

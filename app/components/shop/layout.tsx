import { Link, NavLink, useLocation, useNavigation, useNavigationType } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { MENU } from "#app/modules/catalog/categories.ts";
import { telHref } from "#app/modules/site/links.ts";
import type { RootData } from "#app/root.tsx";

type Shop = RootData["shop"];

export const SITE_LINKS = [
  { name: "Home", to: "/" },
  { name: "About", to: "/about" },
  { name: "Videos", to: "/about?view=videos#videos" },
  { name: "Gallery", to: "/gallery" },
  { name: "Contact", to: "/contact" },
] as const;

export function Logo({ name }: { name: string }) {
  return (
    <Link to="/" className="flex items-center gap-2 font-serif text-xl text-brass-800" aria-label={`${name}, home`}>
      <svg width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" className="shrink-0">
        <circle cx="18" cy="18" r="17" fill="#b9832a" />
        <path d="M9 24c3-7 15-7 18 0M18 8v8M12 12l3 4M24 12l-3 4" stroke="#fbf7ec" strokeWidth="2.2" fill="none" strokeLinecap="round" />
        <circle cx="18" cy="18" r="3" fill="#fbf7ec" />
      </svg>
      <span>{name}</span>
    </Link>
  );
}

function useSiteLinkActive() {
  const location = useLocation();
  const videos = new URLSearchParams(location.search).get("view") === "videos";
  return (to: string) => {
    if (to === "/") return location.pathname === "/";
    if (to.startsWith("/about?view=videos")) return location.pathname === "/about" && videos;
    if (to === "/about") return location.pathname === "/about" && !videos;
    return location.pathname === to;
  };
}

function CategoryLinks({ className }: { className?: string }) {
  return (
    <ul className={className}>
      {MENU.map((item) => (
        <li key={item.slug}>
          <NavLink
            to={`/product/${item.slug}`}
            className={({ isActive }) =>
              `block rounded px-2 py-1.5 ${isActive ? "bg-brass-700 font-semibold text-white" : "text-brass-900 hover:bg-brass-100"}`
            }
          >
            {item.name}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function SiteLinks({ className }: { className?: string }) {
  const isActive = useSiteLinkActive();
  return (
    <ul className={className}>
      {SITE_LINKS.map((link) => (
        <li key={link.name}>
          <Link
            to={link.to}
            aria-current={isActive(link.to) ? "page" : undefined}
            className={`rounded px-2 py-1 hover:underline ${isActive(link.to) ? "font-semibold text-clay" : "text-brass-900"}`}
          >
            {link.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Small screens: a <details> toggle (works without JS), closed on every navigation with JS. */
function MobileMenu({ shop }: { shop: Shop | undefined }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  return (
    <details ref={ref} className="shop-menu border-t border-brass-200 md:hidden" data-testid="mobile-menu">
      <summary className="flex cursor-pointer items-center justify-between px-4 py-2">
        <span className="flex items-center gap-2 font-serif text-brass-800">
          <svg width="24" height="24" viewBox="0 0 36 36" aria-hidden="true">
            <circle cx="18" cy="18" r="17" fill="#b9832a" />
          </svg>
          {shop?.name}
        </span>
        <span className="rounded border border-brass-300 px-3 py-1 text-sm">Menu</span>
      </summary>
      <nav aria-label="Menu" className="px-4 pb-4">
        <SiteLinks className="mb-3 flex flex-wrap gap-2 text-sm" />
        <CategoryLinks className="grid gap-1 text-sm" />
      </nav>
    </details>
  );
}

/** Past 300 px a button takes the visitor back up; each new screen starts at the top ~100 ms after load. */
function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  const location = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > 300);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  useEffect(() => {
    // Back/forward keeps the restored position; a #fragment keeps its target.
    if (navigationType === "POP" || location.hash) return;
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
      aria-label="Scroll to top"
      data-testid="scroll-to-top"
      className="fixed right-4 bottom-4 z-40 flex size-12 items-center justify-center rounded-full bg-brass-700 text-white shadow-lg"
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
  const loading = navigation.state === "loading" && LISTING_PATH.test(navigation.location.pathname);
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-0 z-50 flex justify-center">
      {loading ? (
        <p className="mt-2 rounded-full bg-brass-800 px-4 py-1 text-sm text-white shadow" data-testid="loading-products">
          Loading products...
        </p>
      ) : null}
    </div>
  );
}

export function ShopChrome({ shop, year, children }: { shop: Shop | undefined; year: number | undefined; children: ReactNode }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header id="top" tabIndex={-1} className="border-b border-brass-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
          {shop ? <Logo name={shop.name} /> : null}
          <p className="order-3 w-full text-xs text-brass-900/70 sm:order-none sm:w-auto sm:text-sm" data-testid="address-line">
            {shop?.addressLine}
          </p>
          {shop ? (
            <a className="text-sm font-medium text-brass-800" href={telHref(shop.phone)}>
              <span aria-hidden="true">☎ </span>
              {shop.phone}
            </a>
          ) : null}
        </div>
        <nav aria-label="Site" className="mx-auto hidden max-w-6xl px-4 md:block">
          <SiteLinks className="flex gap-3 text-sm" />
        </nav>
        <nav aria-label="Categories" className="mx-auto hidden max-w-6xl px-4 py-2 md:block">
          <CategoryLinks className="flex flex-wrap gap-1 text-sm" />
        </nav>
        <MobileMenu shop={shop} />
      </header>
      <LoadingProducts />
      <main id="main">{children}</main>
      <ScrollToTop />
      <footer className="mt-16 border-t border-brass-200 bg-white" data-testid="site-footer">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <h2 className="font-semibold text-brass-800">Works</h2>
            <address className="not-italic" data-testid="works-address">
              {shop?.worksAddress}
            </address>
          </div>
          <div>
            <h2 className="font-semibold text-brass-800">Showroom</h2>
            <address className="not-italic" data-testid="showroom-address">
              {shop?.showroomAddress}
            </address>
          </div>
          <div>
            <h2 className="font-semibold text-brass-800">Contact</h2>
            <p>
              <a className="underline" href={`mailto:${shop?.email}`}>
                {shop?.email}
              </a>
            </p>
            <p>{shop ? <a className="underline" href={telHref(shop.phone)}>{shop.phone}</a> : null}</p>
          </div>
          <div>
            <h2 className="font-semibold text-brass-800">Policies</h2>
            <ul>
              <li>
                <Link className="underline" to="/privacy-policy">Privacy Policy</Link>
              </li>
              <li>
                <Link className="underline" to="/terms-and-conditions">Terms and Conditions</Link>
              </li>
              <li>
                <Link className="underline" to="/refund-and-returns-policy">Refund and Returns Policy</Link>
              </li>
            </ul>
          </div>
        </div>
        <div className="border-t border-brass-100">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-xs">
            <p data-testid="copyright">
              © {year} {shop?.name}. All rights reserved.
            </p>
            <p className="flex gap-4">
              <a href="#top" className="underline">Back to top</a>
              <Link to="/admin" className="underline">Admin</Link>
            </p>
          </div>
        </div>
      </footer>
    </>
  );
}

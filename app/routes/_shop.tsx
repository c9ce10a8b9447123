import { Link, NavLink, Outlet } from "@remix-run/react";
import { MENU } from "#app/modules/catalog/categories.ts";
import { telHref } from "#app/modules/site/links.ts";
import { useRootData } from "#app/root.tsx";

export default function ShopLayout() {
  const root = useRootData();
  const shop = root?.shop;
  return (
    <>
      <header className="border-b border-brass-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
          <Link to="/" className="font-serif text-xl text-brass-800">
            {shop?.name}
          </Link>
          <p className="hidden text-sm text-brass-900/70 sm:block">{shop?.addressLine}</p>
          {shop ? (
            <a className="text-sm text-brass-800" href={telHref(shop.phone)}>
              {shop.phone}
            </a>
          ) : null}
        </div>
        <nav aria-label="Categories" className="mx-auto max-w-6xl overflow-x-auto px-4 pb-2">
          <ul className="flex gap-4 text-sm whitespace-nowrap">
            {MENU.map((item) => (
              <li key={item.slug}>
                <NavLink
                  to={`/product/${item.slug}`}
                  className={({ isActive }) => (isActive ? "font-semibold text-clay" : "text-brass-900")}
                >
                  {item.name}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main">
        <Outlet />
      </main>
      <footer className="mt-16 border-t border-brass-200 bg-white">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm sm:grid-cols-3">
          <div>
            <h2 className="font-semibold">Works</h2>
            <p>{shop?.worksAddress}</p>
          </div>
          <div>
            <h2 className="font-semibold">Showroom</h2>
            <p>{shop?.showroomAddress}</p>
          </div>
          <div>
            <p>
              <a href={`mailto:${shop?.email}`}>{shop?.email}</a>
            </p>
            {shop ? <a href={telHref(shop.phone)}>{shop.phone}</a> : null}
            <p className="mt-2">
              © {root?.year} {shop?.name}. <Link to="/admin">Admin</Link>
            </p>
          </div>
        </div>
      </footer>
    </>
  );
}

import { Link, useNavigate } from "@remix-run/react";
import { useNonce } from "#app/components/nonce.tsx";
import { useLocalPath, useT } from "#app/modules/i18n/use-strings.ts";
import { jsonLd } from "#app/modules/site/seo.ts";

export interface Crumb {
  label: string;
  path: string;
  /** The label's language where it is not the page's (a product name without a translation). */
  lang?: string;
}

/** Home > category (> product), as links and as a JSON-LD BreadcrumbList; paths are English, shown in the page's language. */
export function Breadcrumbs({ items, publicUrl }: { items: readonly Crumb[]; publicUrl: string | undefined }) {
  const nonce = useNonce();
  const t = useT("breadcrumbs");
  const local = useLocalPath();
  const list = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: item.label,
      item: `${publicUrl ?? ""}${local(item.path)}`,
    })),
  };
  return (
    <nav aria-label={t("breadcrumb")} className="min-w-0 flex-1">
      <ol className="flex gap-1 text-sm text-brass-100">
        {items.map((item, i) => (
          // Only the last crumb shrinks (the ones before it are cut at a share of the line), and
          // each is a full line high from its first letter: where a crumb stands never waits for
          // its own text.
          <li key={item.path} className={`flex min-h-11 items-center gap-1 ${i < items.length - 1 ? "max-w-[45%] shrink-0" : "min-w-0"}`}>
            {i > 0 ? <span aria-hidden="true">›</span> : null}
            {i === items.length - 1 ? (
              <span aria-current="page" lang={item.lang} className="truncate font-semibold text-white">
                {item.label}
              </span>
            ) : (
              <Link to={local(item.path)} className="inline-flex min-h-11 min-w-11 max-w-full items-center justify-center underline hover:text-white">
                <span className="truncate">{item.label}</span>
              </Link>
            )}
          </li>
        ))}
      </ol>
      <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: jsonLd(list) }} />
    </nav>
  );
}

/** Goes one step back in history with JS; without JS (or with no history) it is a plain link. */
export function BackButton({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  const t = useT("breadcrumbs");
  const local = useLocalPath();
  return (
    <Link
      to={local(fallback)}
      onClick={(event) => {
        if (window.history.state && window.history.state.idx > 0) {
          event.preventDefault();
          navigate(-1);
        }
      }}
      className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded border border-brass-200 px-3 text-sm text-white hover:bg-brass-800"
    >
      <span aria-hidden="true">←</span> {t("back")}
    </Link>
  );
}

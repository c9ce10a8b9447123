import type { SocialKey } from "#app/modules/site/content.ts";
import { useT } from "#app/modules/i18n/use-strings.ts";

/** The workshop's two addresses, in the order the footer and the contact page list them; `labelKey` names the label in common.json. */
export function shopAddresses(
  shop: { worksAddress: string; showroomAddress: string; langs: { worksAddress?: string; showroomAddress?: string } } | null | undefined,
) {
  return [
    { labelKey: "addressWorks", testId: "works-address", text: shop?.worksAddress, lang: shop?.langs.worksAddress },
    { labelKey: "addressShowroom", testId: "showroom-address", text: shop?.showroomAddress, lang: shop?.langs.showroomAddress },
  ];
}

/** `kind` says what the network is for, in the page's language (the home page shows it); `name` is the network's own (English) name. */
type SocialLink = { key: SocialKey; name: string; kind?: string; href: string };

/**
 * The shop's social pages, each opening in a new tab (which a screen reader hears):
 * the home page says what each one is for, the contact page only names it.
 */
export function SocialLinks({
  links,
  className,
  linkClassName,
  withKind = false,
}: {
  links: readonly SocialLink[];
  className: string;
  linkClassName: string;
  withKind?: boolean;
}) {
  const t = useT("common");
  return (
    <ul className={className}>
      {links.map((network) => (
        <li key={network.key}>
          <a href={network.href} target="_blank" rel="noopener noreferrer" className={linkClassName} data-testid="social-link">
            {withKind ? (
              <>
                <span className="block font-semibold text-brass-800" lang="en">
                  {network.name}
                </span>
                <span className="text-sm text-brass-900/80">{network.kind}</span>
              </>
            ) : (
              <span lang="en">{network.name}</span>
            )}
            <span className="sr-only">{t("newTab")}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

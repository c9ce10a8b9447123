import type { MetaDescriptor } from "@remix-run/node";
import { Paragraphs } from "#app/components/ui/paragraphs.tsx";
import type { Strings } from "#app/modules/i18n/translate.ts";
import { useLang, useT } from "#app/modules/i18n/use-strings.ts";
import type { Policy } from "#app/modules/site/policies.ts";
import { langFromMatches, seo, shopFromMatches } from "#app/modules/site/seo.ts";

/** A policy: its title in the page's language; its text in English, marked so, with a note saying so on other pages. */
export function PolicyPage({ policy }: { policy: Policy }) {
  const t = useT("policy");
  const translated = useLang() !== "en";
  // English pages stay as they were: no note, no lang marks.
  const body = translated ? "en-IN" : undefined;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-serif text-4xl text-brass-800">{t(`${policy.slug}.title`)}</h1>
      {translated ? (
        <p className="mt-2 text-brass-900/80" data-testid="policy-english-only">
          {t("englishOnly")}
        </p>
      ) : null}
      <p className="mt-2 text-sm text-brass-900/80" lang={body}>
        Last updated: {policy.updated}
      </p>
      {policy.sections.map((section) => (
        <section key={section.heading} className="mt-8" lang={body}>
          <h2 className="font-serif text-2xl text-brass-800">{section.heading}</h2>
          <Paragraphs texts={section.paragraphs} className="mt-3 leading-relaxed" />
        </section>
      ))}
    </article>
  );
}

export function policyMeta(
  policy: Policy,
  strings: Strings,
  matches: ReadonlyArray<{ id: string; data?: unknown }>,
): MetaDescriptor[] {
  const shop = shopFromMatches(matches);
  return seo({
    lang: langFromMatches(matches),
    title: strings[`${policy.slug}.title`]!,
    description: strings[`${policy.slug}.description`]!,
    path: `/${policy.slug}`,
    publicUrl: shop?.publicUrl,
    siteName: shop?.name,
    type: "article",
  });
}

import type { MetaDescriptor } from "@remix-run/node";
import { Paragraphs } from "#app/components/ui/paragraphs.tsx";
import type { Policy } from "#app/modules/site/policies.ts";
import { langFromMatches, seo, shopFromMatches } from "#app/modules/site/seo.ts";

export function PolicyPage({ policy }: { policy: Policy }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-serif text-4xl text-brass-800">{policy.title}</h1>
      <p className="mt-2 text-sm text-brass-900/80">Last updated: {policy.updated}</p>
      {policy.sections.map((section) => (
        <section key={section.heading} className="mt-8">
          <h2 className="font-serif text-2xl text-brass-800">{section.heading}</h2>
          <Paragraphs texts={section.paragraphs} className="mt-3 leading-relaxed" />
        </section>
      ))}
    </article>
  );
}

export function policyMeta(policy: Policy, matches: ReadonlyArray<{ id: string; data?: unknown }>): MetaDescriptor[] {
  const shop = shopFromMatches(matches);
  return seo({
      lang: langFromMatches(matches),
    title: policy.title,
    description: policy.description,
    path: `/${policy.slug}`,
    publicUrl: shop?.publicUrl,
    siteName: shop?.name,
    type: "article",
  });
}

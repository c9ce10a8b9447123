import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { parseWithZod } from "@conform-to/zod/v4";
import { FieldErrorSummary, useShowRefusal } from "#app/components/shop/field-error-summary.tsx";
import { Honeypot } from "#app/components/shop/honeypot.tsx";
import { HeadedSection } from "#app/components/ui/headed-section.tsx";
import { shopAddresses, SocialLinks } from "#app/components/shop/contact-links.tsx";
import { SubmitButton } from "#app/components/ui/submit-button.tsx";
import { logger } from "#app/lib/logger.server.ts";
import { clientIpOf } from "#app/modules/auth/auth.server.ts";
import { CONTACT_FIELDS, HONEYPOT_FIELD } from "#app/modules/contact/fields.ts";
import { submitContactMessage } from "#app/modules/contact/messages.server.ts";
import { contactSchema } from "#app/modules/contact/schema.ts";
import { contactThrottledMessage, takeContactMessage } from "#app/modules/contact/throttle.server.ts";
import { SOCIAL_NETWORKS } from "#app/modules/site/content.ts";
import { telHref } from "#app/modules/site/links.ts";
import { whatsappChatHref } from "#app/modules/whatsapp/links.ts";
import { WhatsAppAnchor } from "#app/components/shop/whatsapp-button.tsx";
import { langFromMatches, seo, shopFromMatches } from "#app/modules/site/seo.ts";
import { getShopSettings } from "#app/modules/site/settings.server.ts";
import { useRootData } from "#app/root.tsx";
import { useT } from "#app/modules/i18n/use-strings.ts";
import { langOfPath, pathInLang } from "#app/modules/i18n/languages.ts";
import { localizeErrors, localizeMessage } from "#app/modules/i18n/localize-message.server.ts";
import { pageStrings } from "#app/modules/i18n/strings.server.ts";

type ActionResult = {
  formError: string | null;
  fieldErrors: Partial<Record<string, string[]>>;
  values: Partial<Record<string, string>>;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const shop = await getShopSettings(request);
  return {
    sent: new URL(request.url).searchParams.get("sent") === "1",
    social: SOCIAL_NETWORKS.map((n) => ({ ...n, href: shop.social[n.key] })),
    ...pageStrings(request, "contact"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const values = Object.fromEntries(CONTACT_FIELDS.map((f) => [f.name, String(formData.get(f.name) ?? "")]));
  const shop = await getShopSettings(request);
  const lang = langOfPath(new URL(request.url).pathname);
  // The rules' messages are English; a Bengali or Hindi page shows them in its language.
  const reply = (status: number, result: Partial<ActionResult>) =>
    data<ActionResult>(
      {
        values,
        formError: result.formError ? localizeMessage(lang, "contact", result.formError) : null,
        fieldErrors: localizeErrors(lang, "contact", result.fieldErrors ?? {}),
      },
      { status },
    );

  if (String(formData.get(HONEYPOT_FIELD) ?? "") !== "") {
    return reply(400, {
      formError: `Your message was not sent because it looks automated. If you are a person, please e-mail ${shop.email} or call ${shop.phone}.`,
    });
  }
  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== "success") {
    const error = submission.reply().error ?? {};
    const fieldErrors: Record<string, string[]> = {};
    for (const [name, messages] of Object.entries(error)) if (messages?.length) fieldErrors[name] = messages;
    return reply(400, { fieldErrors });
  }
  const ip = clientIpOf(request);
  const waitMs = await takeContactMessage(ip, submission.value.email).catch((error: unknown) => {
    logger.error({ err: error }, "contact limit unavailable; letting the message through");
    return 0;
  });
  if (waitMs > 0) return reply(429, { formError: contactThrottledMessage(waitMs) });
  await submitContactMessage(submission.value, ip, lang);
  throw redirect(pathInLang("/contact?sent=1#contact-form", lang));
}

function ContactForm({ result }: { result: ActionResult | undefined }) {
  const t = useT("contact");
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  // Without JS the page reloads at the top, where the summary lists the wrong fields.
  useShowRefusal(formRef, result);
  return (
    <Form ref={formRef} method="post" noValidate className="space-y-4" aria-describedby={result?.formError ? "form-error" : undefined}>
      {result?.formError ? (
        <p id="form-error" role="alert" tabIndex={-1} className="scroll-mt-24 rounded border border-red-300 bg-red-50 p-3 text-red-700" data-testid="form-error">
          {result.formError}
        </p>
      ) : null}
      <FieldErrorSummary
        heading={t("fixFields")}
        fields={CONTACT_FIELDS.filter((field) => result?.fieldErrors[field.name]).map((field) => ({ id: field.name, label: t(`field.${field.name}`) }))}
      />
      {CONTACT_FIELDS.map((field) => {
        const errors = result?.fieldErrors[field.name];
        const errorId = `${field.name}-error`;
        const common = {
          id: field.name,
          name: field.name,
          required: field.required,
          maxLength: field.maxLength,
          autoComplete: field.autoComplete,
          defaultValue: result?.values[field.name] ?? "",
          "aria-invalid": errors ? true : undefined,
          "aria-describedby": errors ? errorId : undefined,
          className: `mt-1 min-h-11 w-full rounded border px-3 py-2 ${errors ? "scroll-mt-12 border-red-500" : "border-brass-300"}`,
        };
        return (
          <div key={field.name}>
            <label htmlFor={field.name} className="text-sm font-medium">
              {t(`field.${field.name}`)}
              {field.required ? null : <span className="font-normal text-brass-900/80">{t("optional")}</span>}
            </label>
            {field.type === "textarea" ? (
              <textarea rows={6} {...common} />
            ) : (
              <input type={field.type} inputMode={field.type === "tel" ? "tel" : undefined} {...common} />
            )}
            {errors ? (
              <p id={errorId} className="mt-1 text-sm text-red-700" data-testid="field-error">
                {t(`field.${field.name}`)}: {errors[0]}
              </p>
            ) : null}
          </div>
        );
      })}
      <Honeypot />
      <SubmitButton
        pending={submitting}
        pendingText={t("sending")}
        className="rounded-lg bg-brass-700 px-6 py-3 font-semibold text-white hover:bg-brass-800 disabled:opacity-60"
      >
        {t("send")}
      </SubmitButton>
    </Form>
  );
}

export default function Contact() {
  const { sent, social } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const shop = useRootData()?.shop;
  const common = useT("common");
  const t = useT("contact");
  const mapQuery = encodeURIComponent(shop?.mapQuery ?? "");
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-serif text-4xl text-brass-800">{t("title")}</h1>
      <p className="mt-2 text-brass-900/80">{t("intro")}</p>
      <div className="mt-8 grid gap-10 lg:grid-cols-[3fr_2fr]">
        <HeadedSection heading="form" title={t("formHeading")} size="2xl" id="contact-form" className="rounded-lg bg-white p-6 shadow-sm">
          <div className="mt-4">
            {sent && !result ? (
              <div role="status" data-testid="contact-success">
                <p className="font-serif text-3xl text-brass-800">{t("successTitle")}</p>
                <p className="mt-2">{t("successText")}</p>
              </div>
            ) : (
              <ContactForm result={result} />
            )}
          </div>
        </HeadedSection>
        <aside aria-labelledby="reach-heading" className="space-y-6">
          <h2 id="reach-heading" className="font-serif text-2xl text-brass-800">
            {t("reach")}
          </h2>
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="font-semibold">{t("phoneWhatsapp")}</dt>
              <dd className="flex flex-wrap items-center gap-x-4">
                {shop ? <a className="inline-flex min-h-11 items-center underline" href={telHref(shop.phone)}>{shop.phone}</a> : null}
                {shop ? (
                  <WhatsAppAnchor
                    className="inline-flex min-h-11 items-center font-semibold text-[#1a6b35] underline"
                    href={whatsappChatHref(shop.whatsapp)}
                    data-testid="contact-whatsapp"
                  >
                    {t("chat")}
                    <span className="sr-only">{common("newTab")}</span>
                  </WhatsAppAnchor>
                ) : null}
              </dd>
            </div>
            <div>
              <dt className="font-semibold">{t("email")}</dt>
              <dd>
                <a className="inline-flex min-h-11 items-center underline" href={`mailto:${shop?.email}`}>
                  {shop?.email}
                </a>
              </dd>
            </div>
            {shopAddresses(shop).map((address) => (
              <div key={address.labelKey}>
                <dt className="font-semibold">{common(address.labelKey)}</dt>
                <dd>
                  <address className="not-italic" lang={address.lang}>{address.text}</address>
                </dd>
              </div>
            ))}
          </dl>
          <div>
            <h3 className="font-semibold">{t("follow")}</h3>
            <SocialLinks
              links={social}
              className="mt-2 flex flex-wrap gap-3 text-sm"
              linkClassName="inline-flex min-h-11 min-w-11 items-center justify-center rounded border border-brass-200 bg-white px-3 underline"
            />
          </div>
        </aside>
      </div>
      <HeadedSection heading="map" title={t("findUs")} size="2xl" className="mt-10">
        <figure className="mt-4 overflow-hidden rounded-lg border border-brass-200 bg-brass-100" data-testid="map-box">
          <iframe
            title={t("map", { place: shop?.mapQuery ?? "" })}
            src={`https://www.google.com/maps?q=${mapQuery}&output=embed`}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            width={1200}
            height={400}
            className="block h-80 w-full border-0"
          />
          {/* Always there, so the way to the workshop reads even when the map cannot load (offline, blocked). */}
          <figcaption className="bg-white px-4 py-3 text-sm" data-testid="map-address">
            <span className="font-semibold">{common("addressWorks")}:</span> <span lang={shop?.langs.worksAddress}>{shop?.worksAddress}</span>
          </figcaption>
        </figure>
        <p className="mt-2 text-sm">
          <a
            href={`https://www.google.com/maps/search/?api=1&query=${mapQuery}`}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center underline"
            data-testid="map-link"
          >
            {t("openMap")}
          </a>
        </p>
      </HeadedSection>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const shop = shopFromMatches(matches);
  return seo({
    lang: langFromMatches(matches),
    title: data?.strings.contact?.title ?? "Contact Us",
    description: data?.strings.contact?.metaDescription ?? "",
    path: "/contact",
    publicUrl: shop?.publicUrl,
    siteName: shop?.name,
  });
};

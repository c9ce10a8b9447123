import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { EnquiryForm } from "#app/components/shop/enquiry.tsx";
import { useEnquiryLine } from "#app/components/shop/enquiry-line.ts";
import { Price } from "#app/components/shop/price.tsx";
import { ProductImage } from "#app/components/shop/product-image.tsx";
import { WhatsAppButton } from "#app/components/shop/whatsapp-button.tsx";
import { CopyButton } from "#app/components/shop/copy-button.tsx";
import { formatINR } from "#app/modules/catalog/format.ts";
import { MadeToOrderNote, StateBadge } from "#app/components/shop/piece-state.tsx";
import { changeEnquiry, loadEnquiry } from "#app/modules/enquiry/enquiry.server.ts";
import { MAX_ENQUIRY_PIECES } from "#app/modules/enquiry/limits.ts";
import { enquiryFormSchema, safeReturnPath } from "#app/modules/enquiry/list.ts";
import { WHATSAPP_ICON_PATH } from "#app/modules/site/content.ts";
import { absoluteUrl, alternateLinks, langFromMatches, shopFromMatches } from "#app/modules/site/seo.ts";
import { langOfPath, pathInLang } from "#app/modules/i18n/languages.ts";
import { localizeMessage } from "#app/modules/i18n/localize-message.server.ts";
import { pageStrings } from "#app/modules/i18n/strings.server.ts";
import { useLocalPath, useT } from "#app/modules/i18n/use-strings.ts";
import { fallbackLang } from "#app/modules/catalog/translations.ts";

export async function loader({ request }: LoaderFunctionArgs) {
  return { ...(await loadEnquiry(request)), whatsappIcon: WHATSAPP_ICON_PATH, ...pageStrings(request, "enquiry") };
}

export async function action({ request }: ActionFunctionArgs) {
  const lang = langOfPath(new URL(request.url).pathname);
  const parsed = enquiryFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: pageStrings(request, "enquiry").strings.enquiry!.badForm! }, { status: 400 });
  const change = await changeEnquiry(request, parsed.data);
  // Without JavaScript a refusal is shown here, on /enquiry, with the list it concerns.
  if (!change.ok) return data({ error: localizeMessage(lang, "enquiry", change.error) }, { status: 409 });
  const headers = { "Set-Cookie": change.setCookie };
  if (parsed.data.via === "fetch") return data({ error: null }, { headers });
  return redirect(safeReturnPath(parsed.data.redirectTo), { status: 303, headers });
}

/** A Remove button on /enquiry (the enquiry forms of cards and product pages: app/components/shop/enquiry.tsx). */
function EnquiryRemove({ productId, name }: { productId: number; name: string }) {
  const t = useT("enquiry");
  return (
    <EnquiryForm productId={productId} inList removeOnly inLine={useEnquiryLine}>
      {() => (
        <button
          type="submit"
          className="inline-flex min-h-11 items-center rounded-lg border border-brass-300 bg-white px-3 text-sm text-brass-900 hover:bg-brass-100"
          aria-label={t("removeLabel", { name })}
          data-testid="enquiry-remove"
        >
          {t("remove")}
        </button>
      )}
    </EnquiryForm>
  );
}

export default function Enquiry() {
  const { rows, total, message, whatsappHref, whatsappIcon } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const t = useT("enquiry");
  const local = useLocalPath();
  const available = rows.filter((row) => row.available && !row.heldBack).length;
  return (
    <section className="mx-auto max-w-3xl px-4 py-8" aria-labelledby="enquiry-heading">
      <h1 id="enquiry-heading" className="font-serif text-3xl text-brass-800">
        {t("title")}
      </h1>
      <p className="mt-2 text-sm text-brass-900/80">
        {t("intro", { max: MAX_ENQUIRY_PIECES })}
      </p>
      {actionData?.error ? (
        <p role="alert" className="mt-4 rounded border border-red-300 bg-red-50 p-3 text-red-700" data-testid="enquiry-error">
          {actionData.error}
        </p>
      ) : null}

      {rows.length === 0 ? (
        <p className="mt-8" data-testid="enquiry-empty">
          {t("empty")}{" "}
          <Link to={local("/product/trending")} className="inline-flex min-h-11 items-center font-semibold text-brass-800 underline">
            {t("browseGifts")}
          </Link>
        </p>
      ) : (
        <>
          <ul className="mt-6 divide-y divide-brass-200 rounded-lg bg-white shadow-sm" data-testid="enquiry-list">
            {rows.map((row) =>
              row.available ? (
                <li key={row.id} className="flex items-center gap-3 p-3" data-testid="enquiry-piece">
                  <Link to={local(row.href)} tabIndex={-1} aria-hidden="true" className="w-16 shrink-0 sm:w-20">
                    <ProductImage image={row.image} alt="" sizes="80px" imgClassName="aspect-square w-full rounded object-cover" />
                  </Link>
                  <div className="min-w-0 flex-1">
                    <Link to={local(row.href)} className="inline-flex min-h-11 min-w-0 items-center font-medium wrap-anywhere hover:underline" data-testid="enquiry-name" lang={fallbackLang(row.nameLang)}>
                      {row.name}
                    </Link>
                    {row.heldBack ? (
                      <p className="text-sm" data-testid={`enquiry-${row.heldBack}`}>
                        <StateBadge state={row.heldBack} /> {t(row.heldBack)}
                      </p>
                    ) : (
                      <>
                        <Price priceFixed={row.priceFixed} priceDiscount={row.priceDiscount} className="text-sm" />
                        {/* shipsInDays is set only for a made-to-order piece. */}
                        <MadeToOrderNote state="made-to-order" shipsInDays={row.shipsInDays} />
                      </>
                    )}
                  </div>
                  <EnquiryRemove productId={row.id} name={row.name} />
                </li>
              ) : (
                <li key={row.id} className="flex items-center gap-3 p-3 text-brass-900/70" data-testid="enquiry-unavailable">
                  <p className="flex-1">{t("unavailable")}</p>
                  <EnquiryRemove productId={row.id} name={t("unavailableName")} />
                </li>
              ),
            )}
          </ul>
          {/* Nothing in the list can be asked for (sold, on hold, gone): no total, nothing to send. */}
          {available > 0 ? (
            <>
              <p className="mt-4 text-right text-lg">
                {t("total")} <strong data-testid="enquiry-total">{formatINR(total)}</strong>
              </p>
              <div className="mt-6 flex flex-wrap items-center gap-3">
                <WhatsAppButton href={whatsappHref} icon={whatsappIcon} testId="enquiry-whatsapp" tap={{ kind: "enquiry" }}>
                  {t("send")}
                </WhatsAppButton>
                <CopyButton text={message} label={t("copy")} />
              </div>
            </>
          ) : (
            <p className="mt-4" data-testid="enquiry-nothing-to-send">
              {t("nothingToSend")}
            </p>
          )}
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const shop = shopFromMatches(matches);
  const title = data?.strings.enquiry?.title ?? "Your enquiry";
  const canonical = absoluteUrl(shop?.publicUrl, pathInLang("/enquiry", langFromMatches(matches)));
  return [
    { title: shop ? `${title} | ${shop.name}` : title },
    { name: "robots", content: "noindex" },
    { tagName: "link", rel: "canonical", href: canonical },
    ...alternateLinks(shop?.publicUrl, "/enquiry"),
  ];
};

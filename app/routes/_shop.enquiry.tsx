import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { EnquiryRemove } from "#app/components/shop/enquiry.tsx";
import { Price } from "#app/components/shop/price.tsx";
import { ProductImage } from "#app/components/shop/product-image.tsx";
import { WhatsAppButton } from "#app/components/shop/whatsapp-button.tsx";
import { CopyButton } from "#app/components/shop/copy-button.tsx";
import { formatINR } from "#app/modules/catalog/format.ts";
import { STATE_TEXT } from "#app/modules/catalog/states.ts";
import { StateBadge } from "#app/components/shop/piece-state.tsx";
import { changeEnquiry, loadEnquiry } from "#app/modules/enquiry/enquiry.server.ts";
import { MAX_ENQUIRY_PIECES, PIECE_UNAVAILABLE } from "#app/modules/enquiry/limits.ts";
import { enquiryFormSchema, safeReturnPath } from "#app/modules/enquiry/list.ts";
import { WHATSAPP_ICON_PATH } from "#app/modules/site/content.ts";
import { shopFromMatches } from "#app/modules/site/seo.ts";
import { fallbackLang } from "#app/modules/catalog/translations.ts";

const BAD_FORM = "That piece could not be found. Please try again from its page.";

export async function loader({ request }: LoaderFunctionArgs) {
  return { ...(await loadEnquiry(request)), whatsappIcon: WHATSAPP_ICON_PATH };
}

export async function action({ request }: ActionFunctionArgs) {
  const parsed = enquiryFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: BAD_FORM }, { status: 400 });
  const change = await changeEnquiry(request, parsed.data);
  // Without JavaScript a refusal is shown here, on /enquiry, with the list it concerns.
  if (!change.ok) return data({ error: change.error }, { status: 409 });
  const headers = { "Set-Cookie": change.setCookie };
  if (parsed.data.via === "fetch") return data({ error: null }, { headers });
  return redirect(safeReturnPath(parsed.data.redirectTo), { status: 303, headers });
}

export default function Enquiry() {
  const { rows, total, message, whatsappHref, whatsappIcon } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const available = rows.filter((row) => row.available && !row.sold).length;
  return (
    <section className="mx-auto max-w-3xl px-4 py-8" aria-labelledby="enquiry-heading">
      <h1 id="enquiry-heading" className="font-serif text-3xl text-brass-800">
        Your enquiry
      </h1>
      <p className="mt-2 text-sm text-brass-900/80">
        Pieces you marked with the heart (up to {MAX_ENQUIRY_PIECES}), kept on this device only. Send the list to the workshop on WhatsApp to ask
        about buying them.
      </p>
      {actionData?.error ? (
        <p role="alert" className="mt-4 rounded border border-red-300 bg-red-50 p-3 text-red-700" data-testid="enquiry-error">
          {actionData.error}
        </p>
      ) : null}

      {rows.length === 0 ? (
        <p className="mt-8" data-testid="enquiry-empty">
          Your enquiry list is empty. Tap the heart on a piece you like to add it.{" "}
          <Link to="/product/trending" className="inline-flex min-h-11 items-center font-semibold text-brass-800 underline">
            Browse the Gift Collection
          </Link>
        </p>
      ) : (
        <>
          <ul className="mt-6 divide-y divide-brass-200 rounded-lg bg-white shadow-sm" data-testid="enquiry-list">
            {rows.map((row) =>
              row.available ? (
                <li key={row.id} className="flex items-center gap-3 p-3" data-testid="enquiry-piece">
                  <Link to={row.href} tabIndex={-1} aria-hidden="true" className="w-16 shrink-0 sm:w-20">
                    <ProductImage image={row.image} alt="" sizes="80px" imgClassName="aspect-square w-full rounded object-cover" />
                  </Link>
                  <div className="min-w-0 flex-1">
                    <Link to={row.href} className="inline-flex min-h-11 items-center font-medium hover:underline" data-testid="enquiry-name" lang={fallbackLang(row.nameLang)}>
                      {row.name}
                    </Link>
                    {row.sold ? (
                      <p className="text-sm" data-testid="enquiry-sold">
                        <StateBadge state="sold" /> {STATE_TEXT.enquirySold}
                      </p>
                    ) : (
                      <Price priceFixed={row.priceFixed} priceDiscount={row.priceDiscount} className="text-sm" />
                    )}
                  </div>
                  <EnquiryRemove productId={row.id} name={row.name} />
                </li>
              ) : (
                <li key={row.id} className="flex items-center gap-3 p-3 text-brass-900/70" data-testid="enquiry-unavailable">
                  <p className="flex-1">{PIECE_UNAVAILABLE}</p>
                  <EnquiryRemove productId={row.id} name="the unavailable piece" />
                </li>
              ),
            )}
          </ul>
          <p className="mt-4 text-right text-lg">
            Total: <strong data-testid="enquiry-total">{formatINR(total)}</strong>
          </p>
          {available > 0 ? (
            <div className="mt-6 flex flex-wrap items-center gap-3">
              <WhatsAppButton href={whatsappHref} icon={whatsappIcon} testId="enquiry-whatsapp" tap={{ kind: "enquiry" }}>
                Send enquiry on WhatsApp
              </WhatsAppButton>
              <CopyButton text={message} label="Copy message" />
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return [{ title: shop ? `Your enquiry | ${shop.name}` : "Your enquiry" }, { name: "robots", content: "noindex" }];
};

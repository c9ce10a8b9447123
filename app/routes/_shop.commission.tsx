import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CommissionForm } from "#app/components/shop/commission-form.tsx";
import { WhatsAppAnchor } from "#app/components/shop/whatsapp-button.tsx";
import { clientIpOf } from "#app/modules/auth/auth.server.ts";
import { getPublicProduct } from "#app/modules/catalog/products.server.ts";
import { neededByRange } from "#app/modules/contact/commission-schema.ts";
import { COMMISSION_TEXT as T, commissionLines } from "#app/modules/contact/commission-text.ts";
import { langOfPath, pathInLang } from "#app/modules/i18n/languages.ts";
import { localizeErrors, localizeMessage } from "#app/modules/i18n/localize-message.server.ts";
import { pageStrings } from "#app/modules/i18n/strings.server.ts";
import { interpolate, translator } from "#app/modules/i18n/translate.ts";
import { useLocalPath, useT } from "#app/modules/i18n/use-strings.ts";
import { commissionForThanks, receiveCommission } from "#app/modules/contact/commissions.server.ts";
import { langFromMatches, seo, shopFromMatches } from "#app/modules/site/seo.ts";
import { getShopSettings } from "#app/modules/site/settings.server.ts";
import { whatsappTextHref } from "#app/modules/whatsapp/links.ts";
import { whatsappMessagesIn } from "#app/modules/whatsapp/messages.server.ts";

// The commission page: the form (public, the same for everyone), its refusals and the
// thank-you (private: they carry what one visitor typed).

const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const dates = neededByRange();
  const texts = pageStrings(request, "commission");
  const lang = langOfPath(url.pathname);
  const token = url.searchParams.get("thanks");
  if (token) {
    const request = await commissionForThanks(token);
    const whatsapp = request
      ? whatsappTextHref((await getShopSettings()).whatsapp, whatsappMessagesIn(lang).commission(request.name, commissionLines(request, translator(lang, texts.strings.commission!), lang)))
      : null;
    return data({ dates, thanks: { whatsapp }, values: {}, ...texts }, { headers: PRIVATE });
  }
  const id = Number(url.searchParams.get("piece"));
  const piece = Number.isSafeInteger(id) && id > 0 ? await getPublicProduct(id, lang) : null;
  const design = (name: string) => interpolate(texts.strings.commission!.likePiece!, { name });
  return { dates, thanks: null, values: piece ? { piece: String(piece.id), design: design(piece.name) } : {}, ...texts };
}

export async function action({ request }: ActionFunctionArgs) {
  const lang = langOfPath(new URL(request.url).pathname);
  const result = await receiveCommission(request, clientIpOf(request));
  if (result.ok) return redirect(pathInLang(`/commission?thanks=${encodeURIComponent(result.thanks)}`, lang), { status: 303, headers: PRIVATE });
  const { ok: _ok, status, ...state } = result;
  // The rules' messages are English; a Bengali or Hindi page shows them in its language.
  const errors = localizeErrors(lang, "commission", state.errors);
  const formError = state.formError === null ? null : localizeMessage(lang, "commission", state.formError);
  return data({ ...state, errors, formError }, { status, headers: PRIVATE });
}

/** The layout's shared copy for the form only; an answer to a post or a thank-you stays private. */
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders, parentHeaders }) => ({
  "Cache-Control": actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control") ?? parentHeaders.get("Cache-Control") ?? "private, no-store",
});

export default function Commission() {
  const { dates, thanks, values } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const t = useT("commission");
  const common = useT("common");
  const local = useLocalPath();
  return (
    <section className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="font-serif text-3xl text-brass-800">{t("title")}</h1>
      {thanks && !refused ? (
        <div role="status" className="mt-6 rounded-lg bg-white p-6 shadow-sm" data-testid="commission-thanks">
          <p className="font-serif text-2xl text-brass-800">{t("thanksTitle")}</p>
          <p className="mt-2">{t("thanksText")}</p>
          {thanks.whatsapp ? (
            <WhatsAppAnchor
              href={thanks.whatsapp}
              className="mt-4 inline-flex min-h-12 items-center rounded-lg bg-[#1f7a3d] px-5 font-semibold text-white"
              data-testid="commission-whatsapp"
            >
              {t("alsoWhatsapp")}
              <span className="sr-only">{common("newTab")}</span>
            </WhatsAppAnchor>
          ) : null}
          <p className="mt-4">
            <Link to={local("/commission")} className="inline-flex min-h-11 items-center underline">
              {t("another")}
            </Link>
          </p>
        </div>
      ) : (
        <>
          <p className="mt-2 text-brass-900/80">{t("intro")}</p>
          <div className="mt-6 rounded-lg bg-white p-4 shadow-sm sm:p-6">
            <CommissionForm key={refused ? "refused" : "fresh"} state={refused ?? { values, errors: {}, formError: null, photo: null }} dates={dates} />
          </div>
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const shop = shopFromMatches(matches);
  return seo({
    lang: langFromMatches(matches),
    title: data?.strings.commission?.title ?? T.title,
    description: data?.strings.commission?.intro ?? T.intro,
    path: "/commission",
    publicUrl: shop?.publicUrl,
    siteName: shop?.name,
  });
};

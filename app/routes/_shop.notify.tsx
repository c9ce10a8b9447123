import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { NotifyForm } from "#app/components/shop/notify-form.tsx";
import { clientIpOf } from "#app/modules/auth/auth.server.ts";
import { getPublicProduct } from "#app/modules/catalog/products.server.ts";
import { fallbackLang } from "#app/modules/catalog/translations.ts";
import { englishPath, langOfPath, pathInLang, type Lang } from "#app/modules/i18n/languages.ts";
import { pageStrings } from "#app/modules/i18n/strings.server.ts";
import { useLocalPath, useT } from "#app/modules/i18n/use-strings.ts";
import { countInterest } from "#app/modules/interest/counter.server.ts";
import { alternateLinks, shopFromMatches } from "#app/modules/site/seo.ts";
import { waitingFormSchema } from "#app/modules/waiting/schema.ts";
import { WAITING_TEXT, type WaitingText } from "#app/modules/waiting/text.ts";
import { waitingTextIn } from "#app/modules/waiting/text.server.ts";
import { signUpWaiting } from "#app/modules/waiting/waiting.server.ts";

// The notify-me form's answer: the thank-you, or the form again with what was typed and why it was refused.

/** Which of the form's texts a refusal is (the schema's own messages are the English ones), so the page can say it in its language. */
const REFUSALS = ["phoneInvalid", "phoneNoSuchNumber", "nameTooLong", "consentRequired"] as const satisfies readonly (keyof WaitingText)[];

async function pieceOf(id: number, lang: Lang) {
  const product = Number.isSafeInteger(id) && id > 0 ? await getPublicProduct(id, lang) : null;
  if (!product || (product.state !== "sold" && product.state !== "reserved")) return null;
  return { id: product.id, name: product.name, nameLang: product.nameLang, path: `/product/${product.category}/${product.id}`, state: product.state };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const piece = await pieceOf(Number(url.searchParams.get("piece")), langOfPath(url.pathname));
  return { piece, done: url.searchParams.get("done") === "1", ...pageStrings(request, "notify") };
}

export async function action({ request }: ActionFunctionArgs) {
  const lang = langOfPath(new URL(request.url).pathname);
  const text = waitingTextIn(lang);
  const form = await request.formData();
  const values = { phone: String(form.get("phone") ?? ""), name: String(form.get("name") ?? ""), consent: form.get("consent") === "on" };
  const productId = Number(form.get("productId"));
  const parsed = waitingFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      const key = REFUSALS.find((k) => WAITING_TEXT[k] === issue.message);
      (errors[field] ??= []).push(key ? text[key] : issue.message);
    }
    return data({ values, errors, formError: errors.productId ? text.notOpen : null, productId }, { status: 400 });
  }
  const result = await signUpWaiting(clientIpOf(request), parsed.data, lang);
  if (!result.ok) return data({ values, errors: {}, formError: result.error, productId }, { status: result.status });
  await countInterest("notify", parsed.data.productId);
  return redirect(`${pathInLang("/notify", lang)}?piece=${parsed.data.productId}&done=1`, 303);
}

export default function Notify() {
  const { piece, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const t = useT("notify");
  const errors = useT("errors");
  const local = useLocalPath();
  return (
    <section className="mx-auto max-w-xl px-4 py-8">
      <h1 className="font-serif text-3xl text-brass-800" lang={fallbackLang(piece?.nameLang)}>
        {piece ? piece.name : t("soldHeading")}
      </h1>
      {done && !answer ? (
        <p role="status" className="mt-4 rounded border border-green-300 bg-green-50 p-3 text-green-900" data-testid="notify-thanks">
          {t("thanks")}
        </p>
      ) : piece ? (
        <NotifyForm productId={piece.id} state={piece.state} values={answer?.values} errors={answer?.errors} formError={answer?.formError} />
      ) : (
        <p className="mt-4" data-testid="notify-error">
          {answer?.formError ?? t("notOpen")}
        </p>
      )}
      {/* Without a piece (an old or hand-typed address) the way on is the shop itself. */}
      <Link to={local(piece ? piece.path : "/")} className="mt-6 inline-flex min-h-11 items-center font-semibold text-brass-800 underline">
        {piece ? t("back") : errors("home")}
      </Link>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => [
  { title: [data?.piece?.name ?? data?.strings.notify?.soldHeading, shopFromMatches(matches)?.name].filter(Boolean).join(" | ") },
  { name: "robots", content: "noindex" },
  ...alternateLinks(shopFromMatches(matches)?.publicUrl, `${englishPath(location.pathname)}${location.search}`),
];

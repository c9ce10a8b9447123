import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ConfirmButton, ConfirmStep } from "#app/components/admin/confirm-button.tsx";
import { StatusMessage, statusFrom } from "#app/components/admin/status-message.tsx";
import { requireAdmin } from "#app/modules/auth/auth.server.ts";
import { whatsappTextHref } from "#app/modules/whatsapp/links.ts";
import { pathInLang } from "#app/modules/i18n/languages.ts";
import { freeAgainMessage, whatsappMessagesIn } from "#app/modules/whatsapp/messages.server.ts";
import { getShopSettings } from "#app/modules/site/settings.server.ts";
import { WAITING_ADMIN_TEXT } from "#app/modules/waiting/admin-text.ts";
import { deleteWaiting, listWaiting, markWaitingTold } from "#app/modules/waiting/waiting.server.ts";

/** The day in the shop's time zone (the Messages screen's), the same on the server and in the browser. */
const shopDay = (iso: string) => new Date(iso).toLocaleDateString("en-IN", { timeZone: "Asia/Kolkata" });

const STATUS = { told: WAITING_ADMIN_TEXT.marked, deleted: WAITING_ADMIN_TEXT.deleted } as const;
const id = z.coerce.number().int().positive();
const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("told"), id }),
  z.object({ intent: z.literal("delete"), id }),
  z.object({ intent: z.literal("confirm-delete"), id }),
]);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const base = (await getShopSettings(request)).publicUrl.replace(/\/+$/, "");
  const pieces = (await listWaiting()).map((piece) => ({
    ...piece,
    // In the language the buyer signed up in, linking the page in that language: the piece itself
    // when it is for sale again, else one like it.
    buyers: piece.buyers.map((buyer) => {
      const url = `${base}${pathInLang(piece.path, buyer.lang)}`;
      const text = piece.state === "available" ? freeAgainMessage(buyer.lang, buyer.pieceName, url) : whatsappMessagesIn(buyer.lang).similarReady(buyer.pieceName, url);
      return { ...buyer, href: whatsappTextHref(buyer.phone, text) };
    }),
  }));
  return { pieces, status: statusFrom(new URL(request.url).searchParams, STATUS) };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const parsed = intentSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ confirm: null }, { status: 400 });
  const intent = parsed.data;
  if (intent.intent === "confirm-delete") return data({ confirm: intent.id });
  if (intent.intent === "told") await markWaitingTold(intent.id);
  else await deleteWaiting(intent.id);
  return redirect(`/dashboard/waiting?status=${intent.intent === "told" ? "told" : "deleted"}`);
}

const button = "inline-flex min-h-11 items-center rounded border border-brass-700 px-3 text-sm";

export default function Waiting() {
  const { pieces, status } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <h1 className="font-serif text-2xl text-brass-800">{WAITING_ADMIN_TEXT.title}</h1>
      <p className="mt-2 text-sm text-brass-900/80">{WAITING_ADMIN_TEXT.intro}</p>
      <StatusMessage message={answer ? null : status} />
      {answer?.confirm ? (
        <ConfirmStep message={WAITING_ADMIN_TEXT.deleteConfirm} intent="delete" fields={{ id: answer.confirm }} cancelTo="/dashboard/waiting" />
      ) : null}
      {pieces.length === 0 ? <p className="mt-6">{WAITING_ADMIN_TEXT.empty}</p> : null}
      {pieces.map((piece) => (
        <section key={piece.productId} className="mt-6 rounded-lg bg-white p-4 shadow-sm" data-testid="waiting-piece">
          <h2 className="font-medium wrap-anywhere">
            <Link to={piece.path} className="inline-flex min-h-11 min-w-0 items-center underline">
              {piece.name}
            </Link>
          </h2>
          <ul className="mt-2 divide-y divide-brass-100">
            {piece.buyers.map((buyer) => (
              <li key={buyer.id} className="flex flex-wrap items-center gap-2 py-2" data-testid="waiting-buyer">
                {/* A row of its own on a phone: the buttons go below, never over the number. */}
                <span className="min-w-0 basis-full wrap-anywhere sm:flex-1 sm:basis-auto">
                  {buyer.name ? `${buyer.name} · ` : ""}
                  <span className="whitespace-nowrap">{buyer.phone}</span>
                  <span className="block text-xs text-brass-900/70">
                    {shopDay(buyer.createdAt)}
                    {buyer.toldAt ? ` · ${WAITING_ADMIN_TEXT.toldOn} ${shopDay(buyer.toldAt)}` : ""}
                  </span>
                </span>
                <a href={buyer.href} target="_blank" rel="noopener noreferrer" className={`${button} bg-[#1f7a3d] text-white`} data-testid="waiting-whatsapp">
                  {WAITING_ADMIN_TEXT.send}
                </a>
                {buyer.toldAt ? null : (
                  <Form method="post">
                    <input type="hidden" name="id" value={buyer.id} />
                    <button type="submit" name="intent" value="told" className={button}>
                      {WAITING_ADMIN_TEXT.told}
                    </button>
                  </Form>
                )}
                <Form method="post">
                  <input type="hidden" name="id" value={buyer.id} />
                  <ConfirmButton intent="delete" message={WAITING_ADMIN_TEXT.deleteConfirm}>
                    {WAITING_ADMIN_TEXT.delete}
                  </ConfirmButton>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: `${WAITING_ADMIN_TEXT.title} · Dashboard` }];

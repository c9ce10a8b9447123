import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod";
import { ConfirmButton, ConfirmStep } from "#app/components/admin/confirm-button.tsx";
import { buttonClass, secondaryButtonClass } from "#app/components/admin/field.tsx";
import { StatusMessage, statusFrom } from "#app/components/admin/status-message.tsx";
import { requireAdmin } from "#app/modules/auth/auth.server.ts";
import { deleteMessage, listMessagesForAdmin, markMessageRead, type AdminMessage } from "#app/modules/contact/admin.server.ts";
import { COMMISSION_ADMIN_TEXT as C } from "#app/modules/contact/commission-text.ts";

const STATUS = { read: "Message marked as read", unread: "Message marked as unread", deleted: "Message deleted" } as const;

export const DELETE_MESSAGE_CONFIRM = "Are you sure you want to delete this message?";
/** The message the question is about, named: messages look alike in a list. */
const messageNamed = (m: { subject: string; name: string }) => `“${m.subject}” from ${m.name}.`;

const id = z.coerce.number().int().positive();
const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("mark-read"), id }),
  z.object({ intent: z.literal("mark-unread"), id }),
  z.object({ intent: z.literal("delete"), id }),
  z.object({ intent: z.literal("confirm-delete"), id }),
]);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { messages: await listMessagesForAdmin() };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const parsed = intentSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: "Unknown action" }, { status: 400 });
  const { intent, id: messageId } = parsed.data;
  if (intent === "confirm-delete") return data({ error: null, confirm: { intent: "delete", fields: { id: messageId } } });
  const ok =
    intent === "delete" ? await deleteMessage(messageId) : await markMessageRead(messageId, intent === "mark-read");
  if (!ok) return data({ error: "This message no longer exists." }, { status: 404 });
  return redirect(`/dashboard/messages?status=${intent === "delete" ? "deleted" : intent === "mark-read" ? "read" : "unread"}`);
}

/** A commission's details, and its reference photo from the admin-only route. */
function CommissionDetails({ id, details }: { id: number; details: NonNullable<AdminMessage["commission"]> }) {
  const rows: [string, string | null][] = [
    [C.size, details.size],
    [C.quantity, details.quantity === null ? null : String(details.quantity)],
    [C.budget, details.budget === null ? null : C.rupees(details.budget)],
    [C.neededBy, details.neededBy],
  ];
  const photo = `/dashboard/messages/${id}/photo`;
  return (
    <div className="mt-2 text-sm" data-testid="commission-details">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-brass-900/80">{label}</dt>
            <dd>{value ?? "—"}</dd>
          </div>
        ))}
      </dl>
      {details.photo ? (
        <figure className="mt-2">
          <a href={photo} target="_blank" rel="noopener noreferrer" className="inline-block">
            <img src={photo} alt={C.photo} loading="lazy" className="max-h-48 max-w-full rounded border border-brass-200" data-testid="commission-photo" />
          </a>
          <figcaption>
            <a href={photo} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center underline">
              {C.openPhoto}<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </figcaption>
        </figure>
      ) : null}
    </div>
  );
}

function messageDetail(messages: readonly AdminMessage[], id: unknown): string | undefined {
  const message = messages.find((m) => m.id === Number(id));
  return message ? messageNamed(message) : undefined;
}

export default function Messages() {
  const { messages } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  return (
    <>
      <h1 className="font-serif text-2xl text-brass-800">Messages</h1>
      <p className="text-sm text-brass-900/80">Contact messages and commission requests from the shop, unread first.</p>
      <StatusMessage message={actionData ? null : statusFrom(location.search, STATUS)} />
      <StatusMessage message={actionData?.error} tone="error" />
      {actionData && "confirm" in actionData ? (
        <ConfirmStep
          message={DELETE_MESSAGE_CONFIRM}
          detail={messageDetail(messages, actionData.confirm.fields.id)}
          {...actionData.confirm}
          cancelTo="/dashboard/messages"
        />
      ) : null}
      {messages.length === 0 ? (
        <p className="mt-6">No messages yet.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {messages.map((m) => (
            <li
              key={m.id}
              data-testid="message"
              className={`rounded-lg p-4 shadow-sm ${m.read ? "bg-white" : "border-l-4 border-brass-600 bg-brass-100"}`}
            >
              <p className="text-sm">
                {m.read ? null : <strong className="mr-2 rounded bg-brass-700 px-2 py-0.5 text-xs text-white">Unread</strong>}
                {m.commission ? (
                  <strong className="mr-2 rounded bg-green-800 px-2 py-0.5 text-xs text-white" data-testid="commission-badge">
                    {C.badge}
                  </strong>
                ) : null}
                <span className="font-medium">{m.subject}</span> — {m.name}
                {m.email ? <> &lt;{m.email}&gt;</> : null}
                {m.phone ? ` · ${m.phone}` : null} ·{" "}
                <time dateTime={m.createdAt}>{new Date(m.createdAt).toLocaleString("en-IN", { timeZone: "Asia/Kolkata" })}</time>
              </p>
              <p className="mt-2 whitespace-pre-wrap text-sm">{m.message}</p>
              {m.commission ? <CommissionDetails id={m.id} details={m.commission} /> : null}
              <p className="mt-3 flex flex-wrap gap-2">
                {m.reply.email ? (
                  <a className={buttonClass} href={m.reply.email} data-testid="reply-email">
                    Reply by e-mail
                  </a>
                ) : null}
                {m.reply.whatsapp ? (
                  <a className={buttonClass} href={m.reply.whatsapp} target="_blank" rel="noopener noreferrer" data-testid="reply-whatsapp">
                    Reply on WhatsApp<span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ) : null}
              </p>
              <Form method="post" className="mt-3 flex flex-wrap gap-2" preventScrollReset>
                <input type="hidden" name="id" value={m.id} />
                <button type="submit" name="intent" value={m.read ? "mark-unread" : "mark-read"} className={secondaryButtonClass}>
                  {m.read ? "Mark unread" : "Mark read"}
                </button>
                <ConfirmButton intent="delete" message={`${DELETE_MESSAGE_CONFIRM}\n\n${messageNamed(m)}`}>
                  Delete
                </ConfirmButton>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Messages · Dashboard" }];

import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { ConflictChanges } from "#app/components/admin/conflict-changes.tsx";
import { buttonClass, controlClass, Field, Labelled } from "#app/components/admin/field.tsx";
import { StatusMessage, statusFrom } from "#app/components/admin/status-message.tsx";
import { getEnv } from "#app/env.server.ts";
import { requireAdmin } from "#app/modules/auth/auth.server.ts";
import { readShopDetails, saveShopDetails } from "#app/modules/site/settings.server.ts";
import { SHOP_DETAIL_FIELDS, shopDetailsBase, shopDetailsSchema } from "#app/modules/site/shop-details-schema.ts";
import { SHOP_DETAILS_TEXT as T } from "#app/modules/site/shop-details-texts.ts";

const STATUS = { saved: T.saved } as const;
const strictAddress = () => getEnv().NODE_ENV === "production";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { details: await readShopDetails(), strict: strictAddress() };
}

/** The hidden field carrying the details the form was opened with. */
const BASE_FIELD = "original";

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const formData = await request.formData();
  const sentBase = formData.get(BASE_FIELD);
  const submission = parseWithZod(formData, { schema: shopDetailsSchema(strictAddress()) });
  // A refused form keeps the base it was opened with: a save elsewhere meanwhile is still caught.
  const base = typeof sentBase === "string" ? sentBase : undefined;
  if (submission.status !== "success") return data({ result: submission.reply(), base, conflict: null }, { status: 400 });
  const conflict = await saveShopDetails(submission.value, base);
  if (conflict) return data({ result: submission.reply(), base: conflict.base, conflict: conflict.changes, merged: conflict.merged }, { status: 409 });
  return redirect("/dashboard/shop-details?status=saved");
}

const TEXTAREAS = new Set<string>(["worksAddress", "showroomAddress"]);
const INPUT_TYPES: Partial<Record<(typeof SHOP_DETAIL_FIELDS)[number], string>> = {
  publicUrl: "url",
  phone: "tel",
  whatsapp: "tel",
  email: "email",
  instagram: "url",
  facebook: "url",
  youtube: "url",
  x: "url",
};

export default function ShopDetails() {
  const { details, strict } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const schema = shopDetailsSchema(strict);
  const [form, fields] = useForm({
    lastResult: actionData?.result ?? null,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const success = actionData ? null : statusFrom(searchParams, STATUS);
  // A refused form shows what was typed, not what is saved. Conform's reply leaves emptied fields
  // out: a cleared one stays cleared (a cleared public address must not come back and be saved).
  // After a conflict: the merged form (this form's changes over what another save made).
  const merged = actionData && "merged" in actionData ? actionData.merged : null;
  const shown = (name: (typeof SHOP_DETAIL_FIELDS)[number]) => {
    if (merged) return merged[name] ?? "";
    if (!actionData?.result?.initialValue) return details[name] ?? "";
    const typed = fields[name].initialValue;
    return typeof typed === "string" ? typed : "";
  };
  const whatsappShown = (value: string) => (/^\d+$/.test(value) ? `+${value}` : value);

  return (
    <>
      <h1 className="font-serif text-2xl text-brass-800">{T.title}</h1>
      <p className="mt-1 max-w-3xl text-sm text-brass-900/80">{T.intro}</p>
      <StatusMessage message={success} />
      <StatusMessage message={actionData ? (actionData.conflict ? T.conflict : T.fixFields) : null} tone="error" />
      {actionData?.conflict ? <ConflictChanges heading={T.changedHeading} changes={actionData.conflict} /> : null}
      {/* Keyed by what is saved (or merged after a conflict): the inputs then show that form (a phone number as formatted). */}
      <Form key={JSON.stringify(merged ?? details)} method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="mt-4 grid max-w-3xl gap-4 md:grid-cols-2" data-testid="shop-details-form">
        <input type="hidden" name={BASE_FIELD} value={actionData?.base ?? shopDetailsBase(details)} />
        {SHOP_DETAIL_FIELDS.map((name) => {
          const label = T.labels[name];
          const hint = name in T.hints ? T.hints[name as keyof typeof T.hints] : undefined;
          const errors = fields[name].errors;
          const value = name === "whatsapp" && (!actionData || merged) ? whatsappShown(shown(name)) : shown(name);
          if (TEXTAREAS.has(name)) {
            return (
              <Labelled key={name} className="md:col-span-2" label={label} name={name} errors={errors} errorId={`${name}-error`}>
                <textarea
                  name={name}
                  rows={3}
                  defaultValue={value}
                  aria-invalid={errors?.length ? true : undefined}
                  aria-describedby={errors?.length ? `${name}-error` : undefined}
                  className={controlClass}
                />
              </Labelled>
            );
          }
          return (
            <div key={name} className={name === "publicUrl" ? "md:col-span-2" : undefined}>
              <Field
                label={label}
                name={name}
                type={INPUT_TYPES[name] ?? "text"}
                inputMode={name === "phone" || name === "whatsapp" ? "tel" : undefined}
                autoComplete="off"
                defaultValue={value}
                hint={hint}
                errors={errors}
              />
            </div>
          );
        })}
        <div className="md:col-span-2">
          <button type="submit" className={buttonClass} disabled={busy}>
            {busy ? "Saving…" : "Save shop details"}
          </button>
        </div>
      </Form>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: `${T.title} · Dashboard` }];

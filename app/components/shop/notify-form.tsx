import { Form } from "@remix-run/react";
import { useLocalPath, useT } from "#app/modules/i18n/use-strings.ts";
import { KEEP_DAYS } from "#app/modules/waiting/text.ts";

export interface NotifyValues {
  phone?: string;
  name?: string;
  consent?: boolean;
}

const input = "mt-1 block min-h-11 w-full rounded border border-brass-300 bg-white px-3 py-2 aria-[invalid=true]:border-2 aria-[invalid=true]:border-red-700";

function Error({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {errors[0]}
    </p>
  );
}

/** "Tell me when…" on a sold or reserved piece: posts to /notify, which answers with or without JavaScript. */
export function NotifyForm({
  productId,
  state,
  values = {},
  errors = {},
  formError,
}: {
  productId: number;
  state: "sold" | "reserved";
  values?: NotifyValues;
  errors?: Record<string, string[] | undefined>;
  formError?: string | null;
}) {
  const t = useT("notify");
  const local = useLocalPath();
  const headingId = `notify-heading-${productId}`;
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-lg border border-brass-200 bg-white p-4" data-testid="notify-form">
      <h2 id={headingId} className="font-serif text-lg text-brass-800">
        {t(state === "sold" ? "soldHeading" : "reservedHeading")}
      </h2>
      {formError ? (
        <p role="alert" className="mt-2 rounded border border-red-300 bg-red-50 p-2 text-sm text-red-700" data-testid="notify-error">
          {formError}
        </p>
      ) : null}
      <Form method="post" action={local(`/notify?piece=${productId}`)} noValidate className="mt-3 space-y-3">
        <input type="hidden" name="productId" value={productId} />
        <label className="block">
          <span className="text-sm font-medium">{t("phone")}</span>
          <input
            name="phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            defaultValue={values.phone}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={errors.phone ? "notify-phone-error" : "notify-phone-hint"}
            className={input}
          />
        </label>
        <p id="notify-phone-hint" className="text-xs text-brass-900/80">
          {t("phoneHint")}
        </p>
        <Error id="notify-phone-error" errors={errors.phone} />
        <label className="block">
          <span className="text-sm font-medium">{t("name")}</span>
          <input name="name" autoComplete="name" maxLength={100} defaultValue={values.name} aria-invalid={errors.name ? true : undefined} className={input} />
        </label>
        <Error id="notify-name-error" errors={errors.name} />
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="consent" required defaultChecked={values.consent} className="mt-1 size-5 shrink-0" aria-invalid={errors.consent ? true : undefined} />
          <span>{t("consent", { days: KEEP_DAYS })}</span>
        </label>
        <Error id="notify-consent-error" errors={errors.consent} />
        <button type="submit" className="min-h-11 rounded bg-brass-700 px-4 py-2 font-medium text-white hover:bg-brass-800">
          {t("submit")}
        </button>
      </Form>
    </section>
  );
}

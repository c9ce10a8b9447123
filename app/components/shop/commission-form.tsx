import { Form, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { SubmitButton } from "#app/components/ui/submit-button.tsx";
import { FieldErrorSummary, useShowRefusal } from "#app/components/shop/field-error-summary.tsx";
import { Honeypot } from "#app/components/shop/honeypot.tsx";
import { COMMISSION_FIELDS, COMMISSION_LIMITS, COMMISSION_PHOTO_MB } from "#app/modules/contact/commission-text.ts";
import { useT } from "#app/modules/i18n/use-strings.ts";

export interface CommissionFormState {
  values: Partial<Record<string, string>>;
  errors: Partial<Record<string, string[]>>;
  formError: string | null;
  photo: { token: string; name: string } | null;
}

type Field = (typeof COMMISSION_FIELDS)[number];

const inputClass = (invalid: boolean) =>
  `mt-1 block min-h-11 w-full rounded border bg-white px-3 py-2 ${invalid ? "scroll-mt-12 border-2 border-red-700" : "border-brass-300"}`;

/** Each field's own input: sizes and kinds the phone keyboard and the browser understand. */
function inputProps(field: Field, today: { min: string; max: string }) {
  switch (field.name) {
    case "design":
      return { maxLength: COMMISSION_LIMITS.design };
    case "size":
      return { type: "text", maxLength: COMMISSION_LIMITS.size };
    case "quantity":
      // Text, not a number box: that drops Bengali and Devanagari digits (৩, ३) without a word; the
      // server reads them (commission-schema.ts) and says what is wrong.
      return { type: "text", inputMode: "numeric" as const, maxLength: 8 };
    case "budget":
      return { type: "text", inputMode: "numeric" as const, maxLength: 12 };
    case "neededBy":
      return { type: "date", min: today.min, max: today.max };
    case "name":
      return { type: "text", autoComplete: "name", maxLength: COMMISSION_LIMITS.name };
    case "phone":
      return { type: "tel", autoComplete: "tel", inputMode: "tel" as const, maxLength: COMMISSION_LIMITS.phone };
    case "photo":
      return { type: "file", accept: "image/jpeg,image/png,image/webp,image/avif,image/gif" };
  }
}

/** The commission request: a real multipart form posting to /commission, with or without JavaScript. */
export function CommissionForm({ state, dates }: { state: CommissionFormState; dates: { min: string; max: string } }) {
  const submitting = useNavigation().state === "submitting";
  const t = useT("commission");
  const formRef = useRef<HTMLFormElement>(null);
  // Without JS the page reloads at the top, where the summary lists the wrong fields.
  useShowRefusal(formRef, state);
  return (
    <Form ref={formRef} method="post" encType="multipart/form-data" noValidate className="space-y-4" data-testid="commission-form">
      {state.formError ? (
        <p role="alert" tabIndex={-1} className="scroll-mt-24 rounded border border-red-300 bg-red-50 p-3 text-red-700" data-testid="form-error">
          {state.formError}
        </p>
      ) : null}
      <FieldErrorSummary
        heading={t("fixFields")}
        fields={COMMISSION_FIELDS.filter((field) => state.errors[field.name]).map((field) => ({ id: field.name, label: t(`field.${field.name}`) }))}
      />
      <input type="hidden" name="piece" value={state.values.piece ?? ""} />
      {COMMISSION_FIELDS.map((field) => {
        const errors = state.errors[field.name];
        const label = t(`field.${field.name}`);
        const hint = field.hint ? t(`hint.${field.name}`, { mb: COMMISSION_PHOTO_MB }) : null;
        const describedBy = [errors ? `${field.name}-error` : null, field.hint ? `${field.name}-hint` : null].filter(Boolean).join(" ") || undefined;
        const common = {
          id: field.name,
          name: field.name,
          required: field.required,
          "aria-invalid": errors ? true : undefined,
          "aria-describedby": describedBy,
          className: inputClass(Boolean(errors)),
          ...(field.name === "photo" ? {} : { defaultValue: state.values[field.name] ?? "" }),
        };
        return (
          <div key={field.name}>
            <label htmlFor={field.name} className="text-sm font-medium">
              {label}
              {field.required ? null : <span className="font-normal text-brass-900/80">{t("optional")}</span>}
            </label>
            {field.name === "design" ? <textarea rows={5} {...common} {...inputProps(field, dates)} /> : <input {...common} {...inputProps(field, dates)} />}
            {hint ? (
              <p id={`${field.name}-hint`} className="mt-1 text-xs text-brass-900/80">
                {hint}
              </p>
            ) : null}
            {field.name === "photo" && state.photo && !state.errors.photo ? (
              <p className="mt-1 text-sm text-green-900" data-testid="photo-kept">
                <input type="hidden" name="keptPhoto" value={state.photo.token} />
                {t("photoKept", { name: state.photo.name })}
              </p>
            ) : null}
            {errors ? (
              <p id={`${field.name}-error`} className="mt-1 text-sm text-red-700" data-testid="field-error">
                {label.replace(/\?$/, "")}: {errors[0]}
              </p>
            ) : null}
          </div>
        );
      })}
      <Honeypot />
      <SubmitButton pending={submitting} pendingText={t("sending")} className="min-h-11 rounded-lg bg-brass-700 px-6 py-3 font-semibold text-white hover:bg-brass-800 disabled:opacity-60">
        {t("submit")}
      </SubmitButton>
    </Form>
  );
}

import { z } from "zod";
import { latinDigits } from "#app/lib/digits.ts";
import { interestDay } from "#app/modules/interest/kinds.ts";
import { isNoSuchNumber, normaliseWhatsapp } from "#app/modules/waiting/schema.ts";
import { COMMISSION_LIMITS as L, COMMISSION_TEXT as T } from "./commission-text.ts";

// The commission form's text fields, read on the server (the phone library stays out of the
// pages' JavaScript). The photo is checked by its bytes as it streams (commissions.server.ts).

const text = (max: number) => z.string({ error: T.required }).trim().max(max, T.tooLong(max));
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, T.tooLong(max))
    .optional()
    .transform((v) => v || null);

const optionalWhole = (max: number, message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      const digits = latinDigits(v ?? "").replace(/[,\s]/g, "").replace(/^₹/, "");
      if (digits === "") return null;
      const n = /^\d+$/.test(digits) ? Number(digits) : NaN;
      if (!Number.isSafeInteger(n) || n < 1 || n > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });

/** Today (the shop's day) to `neededByYears` ahead, as "YYYY-MM-DD". */
export function neededByRange(at = Date.now()): { min: string; max: string } {
  const min = interestDay(at);
  const max = `${Number(min.slice(0, 4)) + L.neededByYears}${min.slice(4)}`;
  return { min, max };
}

export const commissionSchema = z.object({
  design: text(L.design).min(1, T.required),
  size: optionalText(L.size),
  quantity: optionalWhole(L.quantityMax, T.quantity),
  budget: optionalWhole(L.budgetMax, T.budget),
  neededBy: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const { min, max } = neededByRange();
      const at = /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T00:00:00Z`) : NaN;
      // Date.parse rolls "2027-02-30" over to March: a real day reads back the same.
      const real = !Number.isNaN(at) && new Date(at).toISOString().startsWith(v);
      if (!real || v < min || v > max) {
        ctx.addIssue({ code: "custom", message: T.neededBy });
        return z.NEVER;
      }
      return v;
    }),
  name: text(L.name).min(1, T.required),
  phone: z.string({ error: T.required }).transform((v, ctx) => {
    if (v.trim() === "") {
      ctx.addIssue({ code: "custom", message: T.required });
      return z.NEVER;
    }
    const phone = normaliseWhatsapp(v);
    if (phone === null) {
      ctx.addIssue({ code: "custom", message: isNoSuchNumber(v) ? T.phoneNoSuchNumber : T.phone });
      return z.NEVER;
    }
    return phone;
  }),
});

export type CommissionInput = z.output<typeof commissionSchema>;

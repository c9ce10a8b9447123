import { KEEP_DAYS } from "./text.ts";

// The owner's /dashboard/waiting page, in English as the whole dashboard is. Kept apart from
// the buyers' words (./text.ts), so none of it is in a storefront page's script.

export const WAITING_ADMIN_TEXT = {
  title: "Waiting buyers",
  intro: `Buyers who asked to be told about a sold or reserved piece, newest first. Numbers are deleted after ${KEEP_DAYS} days.`,
  empty: "Nobody is waiting for a piece.",
  send: "Message on WhatsApp",
  told: "Mark told",
  toldOn: "Told",
  delete: "Delete",
  deleteConfirm: "Delete this buyer's number?",
  marked: "Marked as told",
  deleted: "Number deleted",
} as const;

// "Tell me when a similar piece is made": the words of the form, its answers and the owner's
// /dashboard/waiting page, and how long a number is kept. Client-safe.

export const KEEP_DAYS = 180;

export const WAITING_TEXT = {
  soldHeading: "Tell me when a similar piece is made",
  reservedHeading: "Tell me if this piece comes free",
  phone: "WhatsApp number",
  phoneHint: "Indian numbers can be typed without +91.",
  name: "Name (optional)",
  consent: `Use my WhatsApp number only to tell me about this piece. It is deleted after ${KEEP_DAYS} days, or sooner if I ask.`,
  submit: "Tell me",
  thanks: "Thank you! We will message you on WhatsApp.",
  back: "Back to the piece",
  phoneInvalid: "Please enter a WhatsApp number we can reach, with its country code (+44 …) unless it is Indian",
  consentRequired: "Please tick the box so we may keep your number for this",
  nameTooLong: "Name must be at most 100 characters",
  notOpen: "This piece is not taking requests.",
  throttled: (minutes: number) => `You have asked several times in a short while. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
} as const;

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

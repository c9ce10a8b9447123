// The enquiry list's numbers and messages, shared by the pages (no zod: this file goes to
// the browser) and the rules in list.ts. See docs/decisions/090-enquiry-list-beyond-the-page.md.

export const ENQUIRY_COOKIE_NAME = "__dokra_enquiry";
export const MAX_ENQUIRY_PIECES = 20;
/**
 * The longest wa.me link we build. Links pass through WhatsApp's web redirect and phone
 * intents; 4,096 characters stays well under the 8 KB request line web servers accept.
 */
export const MAX_WHATSAPP_LINK = 4096;
export const ENQUIRY_FULL = `Your enquiry list is full (${MAX_ENQUIRY_PIECES} pieces). Remove a piece to add another.`;
export const PIECE_UNAVAILABLE = "This piece is no longer available.";
export const PIECE_SOLD = "This piece is sold: it cannot be added to an enquiry. Ask for a similar piece on its page.";
export const PIECE_RESERVED = "This piece is on hold for another buyer: it cannot be added to an enquiry. Ask about it on its page.";

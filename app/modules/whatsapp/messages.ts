// Every message the shop prefills in WhatsApp, in one place (app/modules/whatsapp/links.ts
// builds the wa.me links). Client-safe: the pages and the rules both read it.

export const WHATSAPP_MESSAGES = {
  /** The product page's "Chat on WhatsApp", followed by the page's address. */
  buyThis: "Hi! I want to buy this. Here is the page I was on:",
  /** The enquiry list: the first line, then one line per piece and the total. */
  buyThese: "Hi! I would like to buy these pieces:",
  moreFromList: (left: number) => `…and ${left} more ${left === 1 ? "piece" : "pieces"} from my list.`,
  total: (amount: string) => `Total: ${amount}`,
  /** A sold piece: a buyer asks for one like it. */
  similarPiece: (name: string, url: string) => `Hi! I'd like a piece similar to "${name}", which is sold: ${url}`,
  /** A reserved piece: a buyer asks to be told if it comes free. */
  reservedPiece: (name: string, url: string) => `Hi! I see "${name}" is on hold for a buyer. Could you tell me if it comes free? ${url}`,
  /** The owner to a waiting buyer, when a piece like the one asked about is made. */
  similarReady: (name: string, url: string) => `Hello! The piece like "${name}" you asked about is ready: ${url}`,
  /** A commission request, sent again by the visitor from the thank-you page: their name, then the request's lines. */
  commission: (name: string, lines: readonly string[]) => [`Hello! I would like a piece commissioned (${name}):`, ...lines].join("\n"),
  /** The owner's reply to a contact message. */
  replyToMessage: (name: string, subject: string) => `Hello ${name.trim()}, thank you for your message "${subject.trim()}" to our workshop.`,
} as const;

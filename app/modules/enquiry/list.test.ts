// The enquiry list's rules: bounds, the form, the total, the WhatsApp message and its length.
import { describe, expect, it } from "vitest";
import { ENQUIRY_FULL, MAX_ENQUIRY_PIECES, MAX_WHATSAPP_LINK } from "./limits.ts";
import { WHATSAPP_MESSAGES } from "#app/modules/whatsapp/messages.ts";
import { whatsappMessagesIn } from "#app/modules/whatsapp/messages.server.ts";

const ENQUIRY_MESSAGE = WHATSAPP_MESSAGES.buyThese;
import {
  addPiece,
  enquiryFormSchema,
  enquiryIdsSchema,
  enquiryMessage,
  enquiryTotal,
  removePiece,
  safeReturnPath,
  type EnquiryPiece,
} from "./list.ts";

const SHOP = "https://dokrashilpa.in";
const NUMBER = "+91 98300 12345";

function piece(id: number, name: string, priceFixed: number, priceDiscount: number | null = null, category = "wall-hanging"): EnquiryPiece {
  return { id, name, category, priceFixed, priceDiscount };
}

function decodedText(href: string): string {
  return new URL(href).searchParams.get("text") ?? "";
}

describe("the list", () => {
  it("adds a piece once, at the end, and removes it", () => {
    expect(addPiece([3, 1], 7)).toEqual({ ok: true, ids: [3, 1, 7] });
    expect(addPiece([3, 1], 3)).toEqual({ ok: true, ids: [3, 1] });
    expect(removePiece([3, 1, 7], 1)).toEqual([3, 7]);
    expect(removePiece([3], 9)).toEqual([3]);
  });

  it(`holds at most ${MAX_ENQUIRY_PIECES} pieces and says so`, () => {
    const full = Array.from({ length: MAX_ENQUIRY_PIECES }, (_, i) => i + 1);
    expect(addPiece(full, 99)).toEqual({ ok: false, error: ENQUIRY_FULL });
    expect(addPiece(full, 5)).toEqual({ ok: true, ids: full });
    expect(ENQUIRY_FULL).toBe("Your enquiry list is full (20 pieces). Remove a piece to add another.");
  });

  it("accepts from the cookie only distinct positive ids within the bound", () => {
    expect(enquiryIdsSchema.safeParse([1, 2, 3]).success).toBe(true);
    expect(enquiryIdsSchema.safeParse([1, 1]).success).toBe(false);
    expect(enquiryIdsSchema.safeParse([0]).success).toBe(false);
    expect(enquiryIdsSchema.safeParse([-4]).success).toBe(false);
    expect(enquiryIdsSchema.safeParse([1.5]).success).toBe(false);
    expect(enquiryIdsSchema.safeParse({ ids: [1] }).success).toBe(false);
    expect(enquiryIdsSchema.safeParse(Array.from({ length: MAX_ENQUIRY_PIECES + 1 }, (_, i) => i + 1)).success).toBe(false);
  });

  it("reads the heart's form and refuses anything else", () => {
    expect(enquiryFormSchema.parse({ intent: "add", productId: "12", redirectTo: "/product/wall-hanging" })).toEqual({
      intent: "add",
      productId: 12,
      redirectTo: "/product/wall-hanging",
    });
    expect(enquiryFormSchema.safeParse({ intent: "buy", productId: "12" }).success).toBe(false);
    expect(enquiryFormSchema.safeParse({ intent: "add", productId: "12abc" }).success).toBe(false);
    expect(enquiryFormSchema.safeParse({ intent: "add", productId: "" }).success).toBe(false);
    expect(enquiryFormSchema.safeParse({ intent: "add", productId: "1", redirectTo: "/".repeat(2001) }).success).toBe(false);
  });

  it("goes back only to a path on this site", () => {
    expect(safeReturnPath("/product/wall-hanging?page=2")).toBe("/product/wall-hanging?page=2");
    for (const bad of [undefined, "", "https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "/\t/evil.example", "/\n/evil.example", "/ /x", "/a\u0001b"]) {
      expect(safeReturnPath(bad), String(bad)).toBe("/enquiry");
    }
  });

  it("percent-encodes what a Location header cannot carry, so an odd path never breaks the answer", () => {
    expect(safeReturnPath("/\u200b/evil.com")).toBe("/%E2%80%8B/evil.com");
    expect(safeReturnPath("/é?q=ডোকরা")).toBe("/%C3%A9?q=%E0%A6%A1%E0%A7%8B%E0%A6%95%E0%A6%B0%E0%A6%BE");
    for (const path of ["/\u200b/evil.com", "/é", "/search?q=🦉"]) expect(() => new Headers({ Location: safeReturnPath(path) })).not.toThrow();
  });
});

describe("the total", () => {
  it("adds selling prices (the discount when there is one) to the paisa", () => {
    expect(enquiryTotal([])).toBe(0);
    expect(enquiryTotal([piece(1, "A", 14500, 12800), piece(2, "B", 2150)])).toBe(14950);
    expect(enquiryTotal([piece(1, "A", 0.1), piece(2, "B", 0.2)])).toBe(0.3);
  });
});

describe("the WhatsApp message", () => {
  it("says a made-to-order piece's wait after its price, in the list's language", () => {
    const madeToOrder = { ...piece(4, "Peacock", 14500, 12800), shipsInDays: 21 };
    expect(enquiryMessage([madeToOrder, piece(9, "Owl", 2150, null)], SHOP, NUMBER).text.split("\n")).toContain("1. Peacock - ₹12,800.00 (made to order, ships in 21 days)");
    const messages = whatsappMessagesIn("bn");
    expect(enquiryMessage([madeToOrder], SHOP, NUMBER, { lang: "bn", messages }).text).toContain("₹12,800.00 (অর্ডারে বানানো হয়, 21 দিনে পাঠানো হবে)");
  });

  it("on a Bengali or Hindi list is in that language and links each piece's page in it", () => {
    for (const lang of ["bn", "hi"] as const) {
      const messages = whatsappMessagesIn(lang);
      const { text } = enquiryMessage([piece(4, "ময়ূর", 14500, 12800)], SHOP, NUMBER, { lang, messages });
      const lines = text.split("\n");
      expect(lines[0]).toBe(messages.buyThese);
      expect(lines[0]).not.toBe(ENQUIRY_MESSAGE);
      expect(lines[3]).toBe(`${SHOP}/${lang}/product/wall-hanging/4`);
      expect(lines.at(-1)).toBe(messages.total("₹12,800.00"));
    }
  });

  it("lists every piece with name, price and link, then the total, to the workshop's number", () => {
    const { text, href } = enquiryMessage([piece(4, "Peacock Wall Panel", 14500, 12800), piece(9, "Owl", 2150, null, "home-decor-and-tabletop")], `${SHOP}/`, NUMBER);
    expect(text).toBe(
      [
        ENQUIRY_MESSAGE,
        "",
        "1. Peacock Wall Panel - ₹12,800.00",
        `${SHOP}/product/wall-hanging/4`,
        "2. Owl - ₹2,150.00",
        `${SHOP}/product/home-decor-and-tabletop/9`,
        "",
        "Total: ₹14,950.00",
      ].join("\n"),
    );
    expect(href.startsWith("https://wa.me/919830012345?text=")).toBe(true);
    expect(decodedText(href)).toBe(text);
  });

  it(`stays within ${MAX_WHATSAPP_LINK} characters with ${MAX_ENQUIRY_PIECES} long names, shortening names but keeping every piece`, () => {
    const pieces = Array.from({ length: MAX_ENQUIRY_PIECES }, (_, i) =>
      piece(100000 + i, `Dokra brass ${"very ".repeat(36)}long piece ${i}`, 123456.78, null, "candle-stand-and-pooja-related"),
    );
    const { text, href } = enquiryMessage(pieces, SHOP, NUMBER);
    expect(href.length).toBeLessThanOrEqual(MAX_WHATSAPP_LINK);
    for (const p of pieces) expect(text).toContain(`${SHOP}/product/candle-stand-and-pooja-related/${p.id}`);
    expect(text).toContain("1. Dokra brass very very very very very ver... - ₹1,23,456.78");
    expect(text).not.toContain("more piece");
    expect(text.endsWith("Total: ₹24,69,135.60")).toBe(true);
  });

  it("keeps short names whole when they fit", () => {
    const pieces = Array.from({ length: MAX_ENQUIRY_PIECES }, (_, i) => piece(i + 1, `Elephant pair no. ${i}`, 3000));
    const { text } = enquiryMessage(pieces, SHOP, NUMBER);
    expect(text).toContain("20. Elephant pair no. 19 - ₹3,000.00");
  });

  it("sums up the last pieces in one line only when even short names cannot fit (a very long shop address)", () => {
    const longShop = `https://${"a".repeat(150)}.example`;
    const pieces = Array.from({ length: MAX_ENQUIRY_PIECES }, (_, i) => piece(i + 1, `Piece ${i}`, 1000));
    const { text, href } = enquiryMessage(pieces, longShop, NUMBER);
    expect(href.length).toBeLessThanOrEqual(MAX_WHATSAPP_LINK);
    expect(text).toMatch(/…and \d+ more pieces from my list\./);
    expect(text.endsWith("Total: ₹20,000.00")).toBe(true);
  });
});

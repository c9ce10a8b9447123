// The prefilled messages: English exactly as buyers and the owner have always had them, and
// the same messages in Bengali and Hindi with the page address in the buyer's language.
import { describe, expect, it } from "vitest";
import { whatsappBuyHref } from "./links.ts";
import { WHATSAPP_MESSAGES } from "./messages.ts";
import { whatsappMessagesIn } from "./messages.server.ts";

const url = "https://shop.example/product/wall-hanging/7";

describe("WhatsApp messages", () => {
  it("are the English texts by default, word for word", () => {
    const en = whatsappMessagesIn();
    expect(en).toEqual(expect.objectContaining({ buyThis: WHATSAPP_MESSAGES.buyThis, buyThese: WHATSAPP_MESSAGES.buyThese }));
    expect(en.buyThis).toBe("Hi! I want to buy this. Here is the page I was on:");
    expect(en.buyThese).toBe("Hi! I would like to buy these pieces:");
    expect(en.moreFromList(1)).toBe("…and 1 more piece from my list.");
    expect(en.moreFromList(4)).toBe("…and 4 more pieces from my list.");
    expect(en.total("₹1,200.00")).toBe("Total: ₹1,200.00");
    expect(en.similarPiece("Owl", url)).toBe(`Hi! I'd like a piece similar to "Owl", which is sold: ${url}`);
    expect(en.reservedPiece("Owl", url)).toBe(`Hi! I see "Owl" is on hold for a buyer. Could you tell me if it comes free? ${url}`);
    expect(en.similarReady("Owl", url)).toBe(`Hello! The piece like "Owl" you asked about is ready: ${url}`);
    expect(en.commission("Asha", ["a", "b"])).toBe("Hello! I would like a piece commissioned (Asha):\na\nb");
    expect(en.replyToMessage(" Asha ", " Bells ")).toBe('Hello Asha, thank you for your message "Bells" to our workshop.');
    expect(whatsappBuyHref("+91 98300 12345", url)).toBe(`https://wa.me/919830012345?text=${encodeURIComponent(`${en.buyThis} ${url}`)}`);
  });

  it("speak Bengali and Hindi, keeping the name, the address and the count", () => {
    const bnUrl = "https://shop.example/bn/product/wall-hanging/7";
    const bn = whatsappMessagesIn("bn");
    expect(bn.similarPiece("Owl", bnUrl)).toBe(`নমস্কার! “Owl” বিক্রি হয়ে গেছে, এমন আরেকটা চাই: ${bnUrl}`);
    expect(bn.moreFromList(3)).toBe("…আর আমার তালিকা থেকে আরও 3টা জিনিস।");
    expect(bn.total("₹1,200.00")).toBe("মোট: ₹1,200.00");
    const hi = whatsappMessagesIn("hi");
    expect(hi.buyThis).toBe("नमस्ते! मुझे यह ख़रीदना है। यह रहा वह पेज:");
    expect(hi.reservedPiece("Owl", url)).toContain(`“Owl”`);
    expect(hi.reservedPiece("Owl", url).endsWith(url)).toBe(true);
    expect(whatsappBuyHref("919830012345", url, hi)).toContain(encodeURIComponent("ख़रीदना"));
  });
});

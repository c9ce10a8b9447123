import { describe, expect, it } from "vitest";
import { formatINR, formatSize, formatWeight, percentOff, sellingPrice, showsListPrice, truncate } from "./format.ts";
import { parseSize } from "./product-schema.ts";
import { PRICE_BANDS, inPriceBand, LISTING_SORTS, listingSearch, parseSort, SEARCH_SORTS, pageLinks, parsePage, priceBand } from "./listing-query.ts";

describe("formatINR", () => {
  it("uses the rupee sign, lakh grouping and two decimals", () => {
    expect(formatINR(100000)).toBe("₹1,00,000.00");
    expect(formatINR(1234567.5)).toBe("₹12,34,567.50");
    expect(formatINR(5000)).toBe("₹5,000.00");
    expect(formatINR(990)).toBe("₹990.00");
    expect(formatINR("68000.00")).toBe("₹68,000.00");
    expect(formatINR(0)).toBe("₹0.00");
  });

  it("writes what Intl.NumberFormat's en-IN rupees write, for every amount a DECIMAL(12,2) holds", () => {
    const intl = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 2, maximumFractionDigits: 2 });
    // Every digit count up to the column's 10 rupee digits, with and without paise, and random ones.
    const amounts: Array<number | string> = [0, 0.01, 0.1, 0.99, 1, 9.99, 99.5, 999.99, 1000, 9999.99, 10000, 99999.99, 100000, 9999999999.99];
    for (let digits = 1; digits <= 10; digits++) amounts.push(10 ** digits - 1, 10 ** (digits - 1), "1".repeat(digits) + ".05");
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 20000; i++) {
      const paise = Math.floor(random() * 10 ** Math.ceil(random() * 12));
      amounts.push(paise / 100, (paise / 100).toFixed(2), -paise / 100);
    }
    for (const amount of amounts) expect(formatINR(amount), String(amount)).toBe(intl.format(Number(amount)));
    for (const odd of [-0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, "", "abc"]) expect(formatINR(odd), String(odd)).toBe(intl.format(Number(odd)));
  });
});

describe("percentOff", () => {
  it("rounds ((fixed − discount) / fixed × 100)", () => {
    expect(percentOff(3900, 3450)).toBe(12); // 11.54 → 12
    expect(percentOff(2200, 1850)).toBe(16); // 15.9 → 16
    expect(percentOff(1000, 500)).toBe(50);
    expect(percentOff(3, 2)).toBe(33);
  });
  it("is 0 without a discount, with an equal or higher one, or a zero list price", () => {
    expect(percentOff(2150, null)).toBe(0);
    expect(percentOff(2150, 2150)).toBe(0);
    expect(percentOff(2000, 2500)).toBe(0);
    expect(percentOff(0, 0)).toBe(0);
  });
});

describe("prices shown", () => {
  it("sells at the discount price when there is one, else the list price", () => {
    expect(sellingPrice(3900, 3450)).toBe(3450);
    expect(sellingPrice(2150, null)).toBe(2150);
  });
  it("strikes the list price only when it differs from the discount price", () => {
    expect(showsListPrice(3900, 3450)).toBe(true);
    expect(showsListPrice(2150, 2150)).toBe(false);
    expect(showsListPrice("2150.00", "2150")).toBe(false);
    expect(showsListPrice(2150, null)).toBe(false);
  });
});

describe("truncate", () => {
  it("keeps names up to the limit and cuts longer ones with an ellipsis", () => {
    expect(truncate("Owl Pair", 20)).toBe("Owl Pair");
    expect(truncate("Tribal Dancer Wall H", 20)).toBe("Tribal Dancer Wall H");
    expect(truncate("Tribal Dancer Wall Hanging", 20)).toBe("Tribal Dancer Wall H...");
    expect(truncate("Tribal Couple on Bullock Cart", 18)).toBe("Tribal Couple on B...");
    expect(truncate("Tribal Couple on Bullock Cart with wheels", 30)).toBe("Tribal Couple on Bullock Cart ...");
  });
  it("counts characters, not UTF-16 units", () => {
    expect(truncate("Fish Pair Wall Décor", 20)).toBe("Fish Pair Wall Décor");
    expect(truncate("🐘🐘🐘", 2)).toBe("🐘🐘...");
  });
  it("never cuts inside a Bengali or Hindi letter: vowel signs, nukta and conjuncts stay whole", () => {
    // The names a buyer saw cut (the cut left a dangling hasanta, or dropped a nukta or vowel sign).
    expect(truncate("ঘোড়ার ন্যাপকিন স্ট্যান্ড", 10)).toBe("ঘোড়ার ন্যাপকিন স্ট্যা...");
    expect(truncate("আদিবাসী নাচের দেওয়াল সজ্জা", 12)).toBe("আদিবাসী নাচের দেওয়া...");
    expect(truncate("लक्ष्मी गणेश मूर्ति", 8)).toBe("लक्ष्मी गणेश मू...");
    expect(truncate("पीतल के उल्लू की जोड़ी", 13)).toBe("पीतल के उल्लू की जोड़ी");
    expect(truncate("पीतल के उल्लू की जोड़ी", 12)).toBe("पीतल के उल्लू की जो...");
    // Each letter counts once, however many code points it takes.
    for (const name of ["ঘোড়ার ন্যাপকিন স্ট্যান্ড", "लक्ष्मी गणेश मूर्ति", "हाथी अगरबत्ती स्टैंड"]) {
      for (let max = 1; max < 12; max++) expect(truncate(name, max).replace(/\.\.\.$/, "")).not.toMatch(/[\u094D\u09CD\u200C\u200D]$|^\p{M}/u);
    }
  });
});

describe("formatWeight", () => {
  it("shows grams below a kilogram", () => {
    expect(formatWeight(820)).toBe("820 gm");
    expect(formatWeight(999)).toBe("999 gm");
    expect(formatWeight("430.00")).toBe("430 gm");
  });
  it("shows kilograms and grams from 1000 g", () => {
    expect(formatWeight(1000)).toBe("1 kg");
    expect(formatWeight(2650)).toBe("2 kg 650 gm");
    expect(formatWeight(9800)).toBe("9 kg 800 gm");
    expect(formatWeight(1000.5)).toBe("1 kg 0.5 gm");
  });
  it("is N/A when missing", () => {
    expect(formatWeight(null)).toBe("N/A");
    expect(formatWeight("")).toBe("N/A");
  });
});

describe("formatSize", () => {
  it("prints 'H-{h} * W-{w} * L-{l} inch'", () => {
    expect(formatSize(14, 10, 1.5)).toBe("H-14 * W-10 * L-1.5 inch");
    expect(formatSize("9.00", "9.00", "1.00")).toBe("H-9 * W-9 * L-1 inch");
    expect(formatSize(null, null, null)).toBe("N/A");
  });
  it("reads its own text back", () => {
    expect(parseSize("H-14 * W-10 * L-1.5 inch")).toEqual({ height: 14, width: 10, length: 1.5 });
    expect(parseSize("14 x 10")).toBeNull();
  });
});

describe("price bands", () => {
  it("has the five filters of the listing, in order", () => {
    expect(PRICE_BANDS.map((b) => b.label)).toEqual(["All", "Below ₹5000", "₹5000 – ₹10000", "₹10000 – ₹50000", "Above ₹50000"]);
  });
  it("falls back to All for an unknown key", () => {
    expect(priceBand("nonsense").key).toBe("all");
    expect(priceBand(null).key).toBe("all");
    expect(priceBand("5000-10000").label).toBe("₹5000 – ₹10000");
  });
  it("puts every price in exactly one band (bounds 5000, 10000, 50000)", () => {
    const bands = PRICE_BANDS.slice(1);
    const bandOf = (price: number) => bands.filter((b) => inPriceBand(price, b)).map((b) => b.key);
    expect(bandOf(4999.99)).toEqual(["below-5000"]);
    expect(bandOf(5000)).toEqual(["5000-10000"]);
    expect(bandOf(10000)).toEqual(["5000-10000"]);
    expect(bandOf(10000.01)).toEqual(["10000-50000"]);
    expect(bandOf(50000)).toEqual(["10000-50000"]);
    expect(bandOf(50000.01)).toEqual(["above-50000"]);
    for (const price of [0, 990, 7600, 24500, 68000]) expect(bandOf(price)).toHaveLength(1);
    expect(inPriceBand(123456, PRICE_BANDS[0])).toBe(true);
  });
});

describe("listing links", () => {
  it("keeps the filter and the page together, leaving defaults out", () => {
    expect(listingSearch({ price: "all", page: 1 })).toBe("");
    expect(listingSearch({ price: "below-5000", page: 1 })).toBe("?price=below-5000");
    expect(listingSearch({ price: "below-5000", page: 3 })).toBe("?price=below-5000&page=3");
    expect(listingSearch({ price: "all", page: 2 })).toBe("?page=2");
  });
  it("keeps the order and the search words, leaving each page's default order out", () => {
    expect(listingSearch({ price: "all", sort: "newest", page: 1 })).toBe("");
    expect(listingSearch({ price: "below-5000", sort: "price-asc", page: 2 })).toBe("?price=below-5000&sort=price-asc&page=2");
    expect(listingSearch({ q: "brass owl", price: "all", sort: "relevance", page: 1 }, "relevance")).toBe("?q=brass+owl");
    expect(listingSearch({ q: "owl", price: "all", sort: "newest", page: 1 }, "relevance")).toBe("?q=owl&sort=newest");
  });
  it("reads ?sort against the orders the page offers", () => {
    expect(parseSort("price-desc", LISTING_SORTS)).toBe("price-desc");
    expect(parseSort("relevance", LISTING_SORTS)).toBe("newest");
    expect(parseSort(null, SEARCH_SORTS)).toBe("relevance");
    expect(parseSort("DROP TABLE", SEARCH_SORTS)).toBe("relevance");
  });
  it("reads ?page as a positive integer", () => {
    expect(parsePage("3")).toBe(3);
    expect(parsePage(null)).toBe(1);
    expect(parsePage("0")).toBe(1);
    expect(parsePage("-2")).toBe(1);
    expect(parsePage("2.5")).toBe(1);
    expect(parsePage("abc")).toBe(1);
    expect(parsePage("99999999999999999999")).toBe(Number.MAX_SAFE_INTEGER);
  });
  it("numbers every page when there are few, and elides the middle of many", () => {
    expect(pageLinks(1, 1)).toEqual([]);
    expect(pageLinks(1, 3)).toEqual([1, 2, 3].map((page) => ({ kind: "page", page })));
    const many = pageLinks(10, 20).map((l) => (l.kind === "page" ? l.page : "…"));
    expect(many).toEqual([1, "…", 8, 9, 10, 11, 12, "…", 20]);
  });
});

// The error screens' titles follow the page's language, and the English words the screen falls
// back on (when no texts arrived) are the same as en/errors.json.
import { describe, expect, it } from "vitest";
import { stringsFor, localeFile } from "#app/modules/i18n/strings.server.ts";
import { ENGLISH_ERRORS, errorMeta } from "./not-found.tsx";

const notFound = { status: 404, statusText: "Not Found", internal: false, data: null };
const shop = { name: "Dokra Shop", publicUrl: "https://shop.example" };

function context(lang: "en" | "bn" | "hi", pathname: string) {
  return { matches: [{ id: "root", data: { lang, shop, strings: stringsFor(lang, ["common", "errors"]) } }], location: { pathname } };
}

describe("error screens", () => {
  it("fall back on the English of en/errors.json", () => {
    expect(ENGLISH_ERRORS).toEqual(localeFile("en", "errors"));
  });

  it("title a 404 in the path's language, with the same address in the other languages", () => {
    const bn = errorMeta(notFound, context("bn", "/bn/no-such-page"));
    expect(bn[0]).toEqual({ title: "পাতাটি পাওয়া গেল না" });
    expect(bn).toContainEqual({ name: "robots", content: "noindex" });
    expect(bn).toContainEqual(expect.objectContaining({ hrefLang: "hi-IN", href: "https://shop.example/hi/no-such-page" }));
    expect(errorMeta(notFound, context("hi", "/hi/x"))[0]).toEqual({ title: "पेज नहीं मिला" });
    expect(errorMeta(new Error("boom"), context("en", "/x"))[0]).toEqual({ title: "Something went wrong" });
  });

  it("stay English without the matches, and say nothing when there is no error", () => {
    expect(errorMeta(notFound)).toEqual([{ title: "Page Not Found" }, { name: "robots", content: "noindex" }]);
    expect(errorMeta(undefined, context("bn", "/bn"))).toEqual([]);
  });
});

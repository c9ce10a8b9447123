import { expect, it } from "vitest";
import { typedTextLang } from "./typed-text.ts";

it("marks Latin text English on Bengali and Hindi pages only", () => {
  expect(typedTextLang("Dokra Shilpa Kendra", "bn")).toBe("en");
  expect(typedTextLang("Bikna Shilpa Gram, P.O. Keshra, Bankura 722155", "hi")).toBe("en");
  expect(typedTextLang("Dokra Shilpa Kendra", "en")).toBeUndefined();
});

it("leaves what she typed in Bengali or Devanagari, and text without letters, to the page's language", () => {
  expect(typedTextLang("বিকনা শিল্পগ্রাম, বাঁকুড়া", "bn")).toBeUndefined();
  expect(typedTextLang("Bikna (বিকনা) village", "bn")).toBeUndefined();
  expect(typedTextLang("बिकना गाँव", "bn")).toBeUndefined();
  expect(typedTextLang("722155", "hi")).toBeUndefined();
  expect(typedTextLang("", "hi")).toBeUndefined();
  expect(typedTextLang(null, "bn")).toBeUndefined();
});

// A rule's English message shown on a Bengali or Hindi page: found among its part's English
// texts, placeholders read back out of it, and written again in the page's language.
import { describe, expect, it } from "vitest";
import { contactSchema } from "#app/modules/contact/schema.ts";
import { contactThrottledMessage } from "#app/modules/contact/throttle.server.ts";
import { COMMISSION_TEXT } from "#app/modules/contact/commission-text.ts";
import { ENQUIRY_FULL } from "#app/modules/enquiry/limits.ts";
import { MESSAGES } from "#app/modules/media/messages.ts";
import { localizeErrors, localizeMessage } from "./localize-message.server.ts";

describe("localizeMessage", () => {
  it("leaves English as it is", () => {
    expect(localizeMessage("en", "contact", "This field is required")).toBe("This field is required");
  });

  it("translates the contact form's rules, their numbers kept", () => {
    const result = contactSchema.safeParse({ name: "x".repeat(201), email: "nope", subject: "", message: "Hi", phone: "12" });
    const errors: Record<string, string[]> = {};
    for (const issue of result.error!.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
    expect(localizeErrors("bn", "contact", errors)).toEqual({
      name: ["200 অক্ষরের মধ্যে লিখুন"],
      email: ["একটা সঠিক ইমেল ঠিকানা লিখুন"],
      subject: ["এটা পূরণ করতে হবে"],
      phone: ["7 থেকে 15 অঙ্কের ফোন নম্বর লিখুন (শুধু অঙ্ক, ফাঁক, + আর -)"],
    });
    expect(localizeMessage("hi", "contact", "Please keep this under 5000 characters")).toBe("कृपया 5000 अक्षरों के अंदर लिखें");
  });

  it("reads a count back and picks the language's plural form", () => {
    expect(localizeMessage("hi", "contact", contactThrottledMessage(60_000))).toContain("1 मिनट रुकें");
    expect(localizeMessage("bn", "contact", contactThrottledMessage(5 * 60_000))).toContain("5 মিনিট অপেক্ষা");
  });

  it("translates the commission's and the enquiry list's messages", () => {
    expect(localizeMessage("bn", "commission", COMMISSION_TEXT.budget)).toBe("টাকার অঙ্কটা শুধু সংখ্যায় লিখুন, 1 থেকে 1,00,00,000-এর মধ্যে");
    expect(localizeMessage("hi", "commission", COMMISSION_TEXT.throttled(2))).toContain("2 मिनट रुकें");
    expect(localizeMessage("bn", "commission", `owl.jpg: ${MESSAGES.emptyFile}`)).toBe("owl.jpg: ফাইলটা খালি।");
    expect(localizeMessage("hi", "commission", MESSAGES.notImage)).toContain("JPEG, PNG, WebP, AVIF या GIF");
    expect(localizeMessage("hi", "enquiry", ENQUIRY_FULL)).toBe("आपकी पसंद की सूची भर गई है (20 पीस)। नया जोड़ने के लिए कोई एक हटा दें।");
  });

  it("keeps a message that is none of the part's texts", () => {
    expect(localizeMessage("bn", "contact", "Something else went wrong")).toBe("Something else went wrong");
  });
});

// The three policy pages: real, plain-language text for a small workshop that sells over WhatsApp. Their titles
// and descriptions are in app/locales/<lang>/policy.json; the text itself is in English only.

export interface Policy {
  slug: "privacy-policy" | "terms-and-conditions" | "refund-and-returns-policy";
  updated: string;
  sections: ReadonlyArray<{ heading: string; paragraphs: readonly string[] }>;
}

export const POLICIES: Record<Policy["slug"], Policy> = {
  "privacy-policy": {
    slug: "privacy-policy",
    updated: "28 November 2026",
    sections: [
      {
        heading: "What we collect",
        paragraphs: [
          "When you browse this site we keep ordinary server logs (the page asked for, the time, your IP address and browser) for up to 30 days, to keep the site running and safe. We do not use advertising or tracking cookies.",
          "When you send the contact form we store your name, e-mail address, subject, message and IP address so we can reply to you.",
          "When you order on WhatsApp we receive your phone number, name, delivery address and the messages you send us.",
          "When you ask to be told about a sold or reserved piece we keep your WhatsApp number, the name you give and the piece, only to message you about it. We delete them after 180 days, or as soon as we have told you and delete them, or when you ask.",
          "When you ask us to make a piece (a commission) we store what you describe, your name, WhatsApp number, IP address and the reference photo if you send one. Only the workshop sees the photo; it is deleted with your request.",
        ],
      },
      {
        heading: "How we use it",
        paragraphs: [
          "Only to answer your questions, make and deliver your order, and keep records that the law requires (invoices and tax records). We never sell or rent your details.",
          "We share your name, phone number and address with the courier only to deliver your parcel, and payment details stay with the payment provider or your bank.",
        ],
      },
      {
        heading: "What we count, and what we do not keep",
        paragraphs: [
          "To know which pieces people like, we count per piece and per day: page views, taps on our WhatsApp links, pieces added to an enquiry list, shares, “tell me when” sign-ups, commission requests, and the words searched for with how many pieces were found. Visits by link previews and robots are counted apart.",
          "These figures are totals only. We set no cookie to count them and keep no IP address, phone number or browser detail for them: to tell visitors apart for one day, a one-way code is made from the address and browser with a random value that is thrown away when the day ends, so no one, not even we, can link a visit to a person or to another day.",
        ],
      },
      {
        heading: "Your choices",
        paragraphs: [
          "You may ask us at any time to see, correct or delete the details we hold about you, except records we must keep by law. Write to us from the contact page or on WhatsApp.",
        ],
      },
    ],
  },
  "terms-and-conditions": {
    slug: "terms-and-conditions",
    updated: "1 November 2026",
    sections: [
      {
        heading: "Ordering",
        paragraphs: [
          "This site is a showcase. An order is made when we confirm it with you on WhatsApp and receive payment. Until then a piece may be sold to someone else.",
          "Every piece is handmade by the lost-wax process, so colour, size and weight can differ slightly from the photographs and figures shown. These differences are the nature of the craft and not a defect.",
        ],
      },
      {
        heading: "Prices and payment",
        paragraphs: [
          "Prices are in Indian rupees and include the cost of the piece. Shipping is quoted separately before you pay. We accept UPI, bank transfer and payment links.",
          "Made-to-order and bulk orders need an advance of 50 %, with the balance due before dispatch.",
        ],
      },
      {
        heading: "Delivery",
        paragraphs: [
          "Ready pieces are usually dispatched within 3 to 7 working days; made-to-order pieces take the time we agree with you. We share the tracking number on WhatsApp.",
        ],
      },
      {
        heading: "Content",
        paragraphs: [
          "Photographs and text on this site belong to the workshop. Please ask before using them.",
        ],
      },
    ],
  },
  "refund-and-returns-policy": {
    slug: "refund-and-returns-policy",
    updated: "1 November 2026",
    sections: [
      {
        heading: "Damaged in transit",
        paragraphs: [
          "Please record a short unboxing video. If a piece arrives broken or bent, send us the video and photos on WhatsApp within 48 hours of delivery and we will repair, replace or refund it in full, including shipping.",
        ],
      },
      {
        heading: "Returns",
        paragraphs: [
          "Ready pieces may be returned within 7 days of delivery if unused and in their original packing. Return shipping is paid by the buyer, and we refund the price of the piece within 7 working days of receiving it.",
          "Made-to-order and customised pieces cannot be returned unless they are damaged.",
        ],
      },
      {
        heading: "Refunds",
        paragraphs: [
          "Refunds go back to the account you paid from (UPI or bank transfer). If you have any trouble, write to us on WhatsApp and we will sort it out.",
        ],
      },
    ],
  },
};

/**
 * The privacy policy with what the shop's backups keep, as the backups run here
 * (BACKUP_KEEP_DAILY and BACKUP_KEEP_WEEKLY; app/modules/backup/manifest.ts, backupsToKeep):
 * a detail deleted from the shop stays in the copies made before, until they are replaced.
 */
export function privacyPolicy(keep: { daily: number; weekly: number }): Policy {
  const days = `${keep.daily} ${keep.daily === 1 ? "day" : "days"}`;
  const weeks = keep.weekly > 0 ? ` and of the last ${keep.weekly} ${keep.weekly === 1 ? "week" : "weeks"}` : "";
  const backups = `So that nothing is lost if a disk fails, the shop's data, these details included, is copied every day. We keep the copies of the last ${days}${weeks}: a detail we delete is gone from them once they have been replaced by newer ones.`;
  const policy = POLICIES["privacy-policy"];
  return { ...policy, sections: policy.sections.map((section, i) => (i === 0 ? { ...section, paragraphs: [...section.paragraphs, backups] } : section)) };
}

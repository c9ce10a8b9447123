// Every word of the dashboard's Shop details page and of its refusals, in one place.

export const SHOP_DETAILS_TEXT = {
  title: "Shop details",
  intro: "How buyers reach the shop: shown in the footer, on Contact us and in every WhatsApp message. Saved here, it shows on every page at once.",
  saved: "Shop details saved. Every page shows them now.",
  fixFields: "Please correct the highlighted fields; nothing was saved.",
  conflict:
    "The shop details were saved somewhere else after you opened this page, so nothing was saved yet. The form now holds your changes together with what changed meanwhile (listed below). Check it, then save again.",
  changedHeading: "Changed meanwhile",
  labels: {
    publicUrl: "Public address of the shop",
    phone: "Phone",
    whatsapp: "WhatsApp number",
    email: "E-mail",
    addressLine: "Short address (footer)",
    worksAddress: "Workshop address",
    showroomAddress: "Showroom address",
    mapQuery: "Map place",
    instagram: "Instagram",
    facebook: "Facebook",
    youtube: "YouTube",
    x: "X (Twitter)",
  },
  hints: {
    publicUrl: "The https address buyers type, such as https://dokrashilpa.in. Leave empty until the shop has one.",
    phone: "With the country code, such as +91 98300 12345; an Indian number may be typed without +91.",
    whatsapp: "The number buyers chat with; an Indian number may be typed without +91.",
    mapQuery: "What the map on Contact us looks for, such as Dariyapur Dokra Village, Purba Bardhaman.",
  },
  errors: {
    publicUrl: "Public address: enter an https address with a real host name, such as https://dokrashilpa.in.",
    phone: "Phone: enter a phone number with its country code, such as +91 98300 12345.",
    whatsapp: "WhatsApp number: enter a WhatsApp number with its country code, such as +91 98300 12345.",
    email: "E-mail: enter an e-mail address, such as hello@dokrashilpa.in.",
    noSuchNumber: (label: string) => `${label}: the country code is there, but that country has no such number. Please check the digits.`,
    required: (label: string) => `${label}: please fill this in.`,
    tooLong: (label: string, max: number) => `${label}: at most ${max} characters.`,
    social: (label: string) => `${label}: enter an https address, such as https://www.instagram.com/dokrashilpa.`,
  },
  publicUrlUnset: (current: string) =>
    `No public address is set yet (${current} stands in for it): WhatsApp messages, shared links and the sitemap need the address buyers use. Set it in Shop details.`,
  overviewLink: "Shop details",
  warningLink: "Open Shop details",
  overviewNote: ": the public address, phone, WhatsApp number, e-mail, addresses, map place and social links buyers see.",
} as const;

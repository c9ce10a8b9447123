// Notify-me against the real MySQL and Redis: numbers checked by libphonenumber-js, one entry
// per piece and number, only for sold or reserved pieces, rate-limited per address, and
// deleted after 180 days.
import { describe, expect, it } from "vitest";
import { getDb } from "#db/index.ts";
import { normaliseWhatsapp, waitingFormSchema } from "./schema.ts";
import { KEEP_DAYS, WAITING_TEXT } from "./text.ts";
import { WAITING_LIMIT, listWaiting, purgeExpiredWaiting, signUpWaiting } from "./waiting.server.ts";

async function insertProduct(name: string, state: "available" | "sold" | "reserved") {
  const result = await getDb()
    .insertInto("products")
    .values({ name, description: "", category: "wall-hanging", price_fixed: 1000, price_discount: null, status: "ready", available: 1, state })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

describe("the notify-me form", () => {
  it("takes international numbers and Indian ones typed without +91; refuses the rest with the typed text kept by the page", () => {
    expect(normaliseWhatsapp("98300 12345")).toBe("+919830012345");
    expect(normaliseWhatsapp("098300-12345")).toBe("+919830012345");
    expect(normaliseWhatsapp("+44 7911 123456")).toBe("+447911123456");
    // As a Bengali or Hindi phone keyboard types them.
    expect(normaliseWhatsapp("৯৮৩০০ ১২৩৪৫")).toBe("+919830012345");
    expect(normaliseWhatsapp("०९८३०० १२३४५")).toBe("+919830012345");
    // Pasted from Contacts or WhatsApp: wrapped in invisible direction marks, with no-break spaces.
    expect(normaliseWhatsapp("\u202A+91 98300 12345\u202C")).toBe("+919830012345");
    expect(normaliseWhatsapp("\u2066+91\u202F98300\u00A012345\u2069")).toBe("+919830012345");
    // A toll-free line answers no WhatsApp.
    for (const bad of ["12345", "+91 98300 1234", "call me", "", "+1 555 0100", "+91 1800 123 4567"]) expect(normaliseWhatsapp(bad), bad).toBeNull();
    const refused = waitingFormSchema.safeParse({ productId: "3", phone: "12345", name: "Asha" });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["phone", WAITING_TEXT.phoneInvalid],
      ["consent", WAITING_TEXT.consentRequired],
    ]);
    // With a country code but no such number in that country: said so, not "add the country code".
    for (const phone of ["+44 7700 900123", "+91 98300 1234", "+৯১ ৯৮৩০০ ১২৩৪"]) {
      const issues = waitingFormSchema.safeParse({ productId: "3", phone, consent: "on" }).error!.issues;
      expect(issues.map((i) => [i.path[0], i.message]), phone).toEqual([["phone", WAITING_TEXT.phoneNoSuchNumber]]);
    }
    expect(waitingFormSchema.parse({ productId: "3", phone: "9830012345", name: " ", consent: "on" })).toEqual({
      productId: 3,
      phone: "+919830012345",
      name: null,
      consent: "on",
    });
  });
});

describe("signing up", () => {
  it("keeps one entry per piece and number, only for sold or reserved pieces, newest first", async () => {
    const sold = await insertProduct("Sold elephant", "sold");
    const reserved = await insertProduct("Reserved horse", "reserved");
    const open = await insertProduct("For sale", "available");
    const form = (productId: number, phone: string, name: string | null = null) => ({ productId, phone, name, consent: "on" as const });
    expect(await signUpWaiting("10.0.0.1", form(sold, "+919830012345"))).toEqual({ ok: true });
    expect(await signUpWaiting("10.0.0.1", form(sold, "+919830012345", "Asha"))).toEqual({ ok: true });
    expect(await signUpWaiting("10.0.0.1", form(sold, "+447911123456"))).toEqual({ ok: true });
    expect(await signUpWaiting("10.0.0.1", form(reserved, "+919830012345"))).toEqual({ ok: true });
    expect(await signUpWaiting("10.0.0.1", form(open, "+919830012345"))).toMatchObject({ ok: false, error: WAITING_TEXT.notOpen });
    const pieces = await listWaiting();
    expect(pieces.map((p) => p.productId)).toEqual([reserved, sold]);
    expect(pieces[1]!.buyers.map((b) => [b.phone, b.name])).toEqual([
      ["+447911123456", null],
      ["+919830012345", "Asha"],
    ]);
  });

  it("keeps the language the buyer signed up in (the latest), and refuses in that language", async () => {
    const sold = await insertProduct("Sold lamp", "sold");
    const open = await insertProduct("Lamp for sale", "available");
    const form = (productId: number) => ({ productId, phone: "+919830077777", name: null, consent: "on" as const });
    expect(await signUpWaiting("10.0.0.2", form(sold), "hi")).toEqual({ ok: true });
    const buyers = async () => (await listWaiting()).find((p) => p.productId === sold)!.buyers.map((b) => b.lang);
    expect(await buyers()).toEqual(["hi"]);
    expect(await signUpWaiting("10.0.0.2", form(sold), "bn")).toEqual({ ok: true });
    expect(await buyers()).toEqual(["bn"]);
    expect(await signUpWaiting("10.0.0.2", form(sold))).toEqual({ ok: true });
    expect(await buyers()).toEqual(["en"]);
    const refused = await signUpWaiting("10.0.0.2", form(open), "bn");
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(refused.ok ? "" : refused.error).toBe("এই জিনিসটার জন্য এখন অনুরোধ নেওয়া হচ্ছে না।");
  });

  it("refuses an address past its hourly limit, and others still get through", async () => {
    const sold = await insertProduct("Sold owl", "sold");
    const results = [];
    for (let i = 0; i < WAITING_LIMIT.points + 1; i++) {
      results.push(await signUpWaiting("10.0.0.9", { productId: sold, phone: `+9198300123${String(i).padStart(2, "0")}`, name: null, consent: "on" }));
    }
    expect(results.slice(0, WAITING_LIMIT.points).every((r) => r.ok)).toBe(true);
    expect(results.at(-1)).toMatchObject({ ok: false, status: 429 });
    expect(await signUpWaiting("10.0.0.10", { productId: sold, phone: "+919830099999", name: null, consent: "on" })).toEqual({ ok: true });
  });

  it(`deletes numbers older than ${KEEP_DAYS} days`, async () => {
    const db = getDb();
    const before = await db.selectFrom("waiting_buyers").select("id").execute();
    const old = before[0]!.id;
    await db.updateTable("waiting_buyers").set({ created_at: new Date(Date.now() - (KEEP_DAYS + 1) * 86_400_000) } as never).where("id", "=", old).execute();
    expect(await purgeExpiredWaiting()).toBe(1);
    const after = await db.selectFrom("waiting_buyers").select("id").execute();
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id).filter((id) => id !== old));
  });
});

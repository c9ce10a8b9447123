// The enquiry cookie and page against the real MySQL: signed ids only, tampering ignored,
// pieces no longer public shown as unavailable and left out of the message and the total.
import { describe, expect, it } from "vitest";
import { getDb } from "#db/index.ts";
import { changeEnquiry, enquiryCookieHeader, loadEnquiry, readEnquiryIds } from "./enquiry.server.ts";
import { ENQUIRY_COOKIE_NAME, ENQUIRY_FULL, MAX_ENQUIRY_PIECES, PIECE_RESERVED, PIECE_SOLD, PIECE_UNAVAILABLE } from "./limits.ts";

async function insertProduct(name: string, fixed: number, discount: number | null, available = 1) {
  const result = await getDb()
    .insertInto("products")
    .values({ name, description: "", category: "wall-hanging", price_fixed: fixed, price_discount: discount, status: "ready", available })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

/** A request carrying the cookie a Set-Cookie header gave. */
function withCookie(setCookie: string): Request {
  return new Request("http://localhost/enquiry", { headers: { Cookie: setCookie.split(";")[0]! } });
}

describe("the enquiry cookie", () => {
  it("round-trips the ids it signed", async () => {
    expect(await readEnquiryIds(withCookie(await enquiryCookieHeader([5, 3])))).toEqual([5, 3]);
  });

  it("reads a missing, unsigned or edited cookie as an empty list", async () => {
    expect(await readEnquiryIds(new Request("http://localhost/"))).toEqual([]);
    const forged = `${ENQUIRY_COOKIE_NAME}=${Buffer.from(JSON.stringify([1, 2])).toString("base64")}`;
    expect(await readEnquiryIds(withCookie(forged))).toEqual([]);
    const signed = (await enquiryCookieHeader([7])).split(";")[0]!;
    const edited = signed.replace(/^(__dokra_enquiry=)./, (_, name: string) => `${name}A`);
    expect(edited).not.toBe(signed);
    expect(await readEnquiryIds(withCookie(edited))).toEqual([]);
    expect(await readEnquiryIds(withCookie(`${ENQUIRY_COOKIE_NAME}=%%%garbage`))).toEqual([]);
  });

  it("ignores a signed value that is not a bounded list of ids", async () => {
    const tooMany = Array.from({ length: MAX_ENQUIRY_PIECES + 1 }, (_, i) => i + 1);
    expect(await readEnquiryIds(withCookie(await enquiryCookieHeader(tooMany)))).toEqual([]);
  });

  it("deletes itself when the list is emptied", async () => {
    const header = await enquiryCookieHeader([]);
    expect(header).toMatch(/^__dokra_enquiry=;/);
    expect(header).toMatch(/Max-Age=0/);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
  });
});

describe("changing the list", () => {
  it("adds public pieces only, and refuses a full list", async () => {
    const owl = await insertProduct("Owl", 2500, 2100);
    const hidden = await insertProduct("Hidden", 900, null, 0);
    const added = await changeEnquiry(new Request("http://localhost/"), { intent: "add", productId: owl });
    expect(added).toMatchObject({ ok: true, ids: [owl] });
    expect(await changeEnquiry(new Request("http://localhost/"), { intent: "add", productId: hidden })).toEqual({ ok: false, error: PIECE_UNAVAILABLE });
    expect(await changeEnquiry(new Request("http://localhost/"), { intent: "add", productId: 987654321 })).toEqual({ ok: false, error: PIECE_UNAVAILABLE });

    const full = Array.from({ length: MAX_ENQUIRY_PIECES }, (_, i) => 5000 + i);
    const request = withCookie(await enquiryCookieHeader(full));
    expect(await changeEnquiry(request, { intent: "add", productId: owl })).toEqual({ ok: false, error: ENQUIRY_FULL });
    const removed = await changeEnquiry(request, { intent: "remove", productId: 5000 });
    expect(removed).toMatchObject({ ok: true, ids: full.slice(1) });
  });
});

describe("the enquiry page", () => {
  it("shows unavailable pieces in place but leaves them out of the message and the total", async () => {
    const panel = await insertProduct("Peacock Wall Panel", 14500, 12800);
    const gone = await insertProduct("Sold Elephant", 5000, null);
    const plate = await insertProduct("Sun Face Wall Plate", 2150, null);
    const request = withCookie(await enquiryCookieHeader([panel, gone, plate, 99999999]));
    await getDb().updateTable("products").set({ available: 0 }).where("id", "=", gone).execute();

    const view = await loadEnquiry(request);
    expect(view.rows.map((row) => [row.id, row.available])).toEqual([
      [panel, true],
      [gone, false],
      [plate, true],
      [99999999, false],
    ]);
    expect(view.total).toBe(14950);
    expect(view.message).toContain("1. Peacock Wall Panel - ₹12,800.00");
    expect(view.message).toContain("2. Sun Face Wall Plate - ₹2,150.00");
    expect(view.message).not.toContain("Sold Elephant");
    expect(view.message.endsWith("Total: ₹14,950.00")).toBe(true);
    expect(new URL(view.whatsappHref).searchParams.get("text")).toBe(view.message);
  });
});

describe("a sold or reserved piece", () => {
  it("cannot be added, and one already listed is marked, left out of the message and the total", async () => {
    const bowl = await insertProduct("Brass Bowl", 3000, null);
    const horse = await insertProduct("Bankura Horse", 8000, 7000);
    const owl = await insertProduct("Dhokra Owl", 4200, null);
    const request = withCookie(await enquiryCookieHeader([bowl, horse, owl]));
    await getDb().updateTable("products").set({ state: "sold" }).where("id", "=", horse).execute();
    await getDb().updateTable("products").set({ state: "reserved" }).where("id", "=", owl).execute();

    expect(await changeEnquiry(new Request("http://localhost/"), { intent: "add", productId: horse })).toEqual({ ok: false, error: PIECE_SOLD });
    expect(await changeEnquiry(new Request("http://localhost/"), { intent: "add", productId: owl })).toEqual({ ok: false, error: PIECE_RESERVED });
    const view = await loadEnquiry(request);
    expect(view.rows.map((row) => [row.id, row.available && row.heldBack])).toEqual([
      [bowl, null],
      [horse, "sold"],
      [owl, "reserved"],
    ]);
    expect(view.total).toBe(3000);
    expect(view.message).toContain("1. Brass Bowl - ₹3,000.00");
    expect(view.message).not.toContain("Bankura Horse");
    expect(view.message).not.toContain("Dhokra Owl");
  });
});

// Commission requests against the real MySQL, Redis and disk: a real multipart body, the photo
// checked by its bytes and kept private, a refused field keeping the rest (and the photo).
import { afterEach, describe, expect, it } from "vitest";
import { makeJpeg } from "#tests/setup/fixtures.ts";
import { interestRedis } from "#app/modules/interest/counter.server.ts";
import { interestDay } from "#app/modules/interest/kinds.ts";
import { countsKey } from "#app/modules/interest/keys.server.ts";
import { getStorage } from "#app/modules/media/storage.server.ts";
import { getDb } from "#db/index.ts";
import { deleteMessage, listMessagesForAdmin } from "./admin.server.ts";
import { commissionSchema, neededByRange } from "./commission-schema.ts";
import { stringsFor } from "#app/modules/i18n/strings.server.ts";
import { translator } from "#app/modules/i18n/translate.ts";
import { COMMISSION_LIMITS, COMMISSION_TEXT, commissionLines } from "./commission-text.ts";
import { commissionForThanks, commissionPhotoKeys, openCommissionPhoto, receiveCommission } from "./commissions.server.ts";

let ipCounter = 0;
const nextIp = () => `10.9.0.${++ipCounter}`;

/** A multipart post as a browser sends it: the body's bytes (as a server reads them), the photo last. */
async function post(fields: Record<string, string>, photo?: { data: Buffer; name: string; type: string }, path = "/commission"): Promise<Request> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (photo) form.append("photo", new File([new Uint8Array(photo.data)], photo.name, { type: photo.type }));
  const encoded = new Request(`http://shop.test${path}`, { method: "POST", body: form });
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  // In 64 kB pieces, as it arrives over a connection.
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(offset, (offset += 64 * 1024)));
    },
  });
  const headers = { "content-type": encoded.headers.get("content-type")!, "content-length": String(bytes.byteLength) };
  return new Request(encoded.url, { method: "POST", headers, body, duplex: "half" } as RequestInit);
}

const good = { design: "A pair of Dokra owls", size: "about 20 cm", quantity: "2", budget: "4,500", neededBy: "", name: "Ritu Sen", phone: "98300 12345" };

async function bytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

afterEach(async () => {
  await getDb().deleteFrom("contact_messages").execute();
});

describe("the request's WhatsApp lines", () => {
  it("are in the page's language, the date as its buyers write it; English keeps the form's own", () => {
    const request = { design: "Two owls", size: null, quantity: 2, budget: 4500, neededBy: "2027-01-05", name: "Ritu" };
    const lines = (lang: "en" | "bn" | "hi") => commissionLines(request, translator(lang, stringsFor(lang, ["commission"]).commission!), lang);
    expect(lines("en")).toEqual(["Design: Two owls", "Size: —", "Quantity: 2", "Budget: ₹4,500", "Needed by: 2027-01-05"]);
    expect(lines("bn")).toEqual(["নকশা: Two owls", "মাপ: —", "কটা: 2", "বাজেট: ₹4,500", "কবে লাগবে: 5 জানুয়ারি, 2027"]);
    expect(lines("hi").at(-1)).toBe("कब तक चाहिए: 5 जनवरी 2027");
  });
});

describe("receiveCommission", () => {
  it("stores a good request as a commission message with its photo private, and signs the thank-you", async () => {
    const jpeg = await makeJpeg(200, 150);
    const neededBy = neededByRange().min;
    const counted = () => interestRedis().hget(countsKey(interestDay()), "commission:77");
    const before = Number(await counted());
    const result = await receiveCommission(await post({ ...good, neededBy, piece: "77" }, { data: jpeg, name: "owl.jpg", type: "image/jpeg" }), nextIp());
    expect(result.ok).toBe(true);
    // Counted once as interest in the piece it was opened from.
    expect(Number(await counted())).toBe(before + 1);
    const [message] = await listMessagesForAdmin();
    expect(message).toMatchObject({ name: "Ritu Sen", phone: "+919830012345", message: "A pair of Dokra owls", email: "" });
    expect(message!.commission).toEqual({ size: "about 20 cm", quantity: 2, budget: 4500, neededBy, photo: true });
    expect(message!.reply.email).toBeNull();

    const photo = await openCommissionPhoto(message!.id);
    expect(photo?.type).toBe("image/jpeg");
    expect((await bytes(photo!.body)).equals(jpeg)).toBe(true);
    expect(await commissionPhotoKeys()).toHaveLength(1);

    if (!result.ok) throw new Error("refused");
    expect(await commissionForThanks(result.thanks)).toMatchObject({ design: "A pair of Dokra owls", quantity: 2, budget: 4500, neededBy });
    // Another id under the same signature reads nothing.
    const [, mac] = result.thanks.split(".");
    expect(await commissionForThanks(`${Buffer.from(String(message!.id + 1)).toString("base64url")}.${mac}`)).toBeNull();

    const key = (await commissionPhotoKeys())[0]!;
    expect(await deleteMessage(message!.id)).toBe(true);
    await expect(getStorage().openOriginal(key)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("reads the number, quantity and budget typed in Bengali or Devanagari digits", async () => {
    for (const typed of [
      { quantity: "২", budget: "১০,০০০", phone: "৯৮৩০০ ৫৫৫৬৬" },
      { quantity: "२", budget: "₹१०,०००", phone: "०९८३०० ६६६७७" },
    ]) {
      const result = await receiveCommission(await post({ ...good, ...typed }), nextIp());
      expect(result.ok, JSON.stringify(typed)).toBe(true);
    }
    const messages = await listMessagesForAdmin();
    expect(messages.map((m) => [m.phone, m.commission?.quantity, m.commission?.budget])).toEqual([
      ["+919830066677", 2, 10000],
      ["+919830055566", 2, 10000],
    ]);
  });

  it("keeps the page's language, so the owner's WhatsApp reply greets the buyer in it", async () => {
    expect((await receiveCommission(await post({ ...good, name: "सीता" }, undefined, "/hi/commission"), nextIp())).ok).toBe(true);
    const [message] = await listMessagesForAdmin();
    expect(new URL(message!.reply.whatsapp!).searchParams.get("text")).toBe("नमस्ते सीता जी, हमारे कारखाने को “A pair of Dokra owls” के बारे में मैसेज भेजने के लिए धन्यवाद।");
  });

  it("refuses a bad number and a past date naming the fields, keeps what was typed and the photo for the next try", async () => {
    const jpeg = await makeJpeg(120, 90, 3);
    const first = await receiveCommission(
      await post({ ...good, phone: "12345", neededBy: "2001-01-01" }, { data: jpeg, name: "sketch.jpg", type: "image/jpeg" }),
      nextIp(),
    );
    if (first.ok) throw new Error("accepted a bad number");
    expect(first.status).toBe(400);
    expect(first.errors.phone).toEqual([COMMISSION_TEXT.phone]);
    expect(commissionSchema.safeParse({ ...good, phone: "+44 7700 900123" }).error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["phone", COMMISSION_TEXT.phoneNoSuchNumber],
    ]);
    expect(first.errors.neededBy).toEqual([COMMISSION_TEXT.neededBy]);
    expect(first.errors.design).toBeUndefined();
    expect(first.values).toMatchObject({ design: good.design, size: good.size, name: good.name, phone: "12345" });
    expect(first.photo?.name).toBe("sketch.jpg");
    expect(await getDb().selectFrom("contact_messages").select("id").execute()).toHaveLength(0);

    const second = await receiveCommission(await post({ ...good, keptPhoto: first.photo!.token }), nextIp());
    expect(second.ok).toBe(true);
    const [message] = await listMessagesForAdmin();
    const photo = await openCommissionPhoto(message!.id);
    expect((await bytes(photo!.body)).equals(jpeg)).toBe(true);
  });

  it("refuses a file that is not an image by its bytes, keeping the text, and a forged kept photo", async () => {
    const result = await receiveCommission(await post(good, { data: Buffer.from("MZ not a picture at all"), name: "owl.jpg", type: "image/jpeg" }), nextIp());
    if (result.ok) throw new Error("accepted a non-image");
    expect(result.errors.photo?.[0]).toMatch(/not a supported image/);
    expect(result.values.design).toBe(good.design);
    expect(result.photo).toBeNull();

    const forged = await receiveCommission(await post({ ...good, design: "", keptPhoto: "eyJrZXkiOiJ4In0.forged" }), nextIp());
    if (forged.ok) throw new Error("accepted an empty design");
    expect(forged.errors.design).toEqual([COMMISSION_TEXT.required]);
    expect(forged.photo).toBeNull();
  });

  it("refuses a photo over the limit while it streams, with the fields before it kept", async () => {
    const big = Buffer.alloc(COMMISSION_LIMITS.photoBytes + 3 * 1024 * 1024, 7);
    const result = await receiveCommission(await post(good, { data: big, name: "huge.jpg", type: "image/jpeg" }), nextIp());
    if (result.ok) throw new Error("accepted a photo over the limit");
    expect(result.errors).toEqual({ photo: [COMMISSION_TEXT.photoTooLarge] });
    expect(result.values).toMatchObject({ design: good.design, name: good.name, phone: good.phone, budget: good.budget });
    expect(await getDb().selectFrom("contact_messages").select("id").execute()).toHaveLength(0);
  });

  it("limits requests per WhatsApp number", async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await receiveCommission(await post({ ...good, phone: "+44 20 7946 0958" }), nextIp()));
    expect(results[0]).toMatchObject({ ok: true });
    expect(results.slice(0, 3).every((r) => r.ok)).toBe(true);
    expect(results[3]).toMatchObject({ ok: false, status: 429 });
  });
});

import { afterAll, describe, expect, it } from "vitest";
import { getEnv, parseEnv } from "#app/env.server.ts";
import { getDb } from "#db/index.ts";
import { bumpPublicVersion, closePublicVersion } from "./public-version.server.ts";
import { readWhenConnected } from "./public-version.test-support.ts";
import { getShopSettings, readShopDetails, saveShopDetails, visitorOrigin } from "./settings.server.ts";
import { normalisePhone, shopDetailsBase, shopDetailsSchema } from "./shop-details-schema.ts";

// The shop's details against the real MySQL and Redis: the environment's values until the owner
// saves the Shop details page, then hers, on the next read, with the public version moved on.

afterAll(async () => {
  await closePublicVersion();
});

const typed = {
  publicUrl: "https://dokrashilpa.in/",
  phone: "98311 22334",
  whatsapp: "+44 7911 123456",
  email: "shop@dokrashilpa.in",
  addressLine: "Bikna, Bankura",
  worksAddress: "Bikna Dokra Village, Bankura",
  showroomAddress: "Shop 4, Bikna Shilpa Gram, Bankura",
  mapQuery: "Bikna Shilpa Gram",
  instagram: "https://www.instagram.com/bikna",
  facebook: "https://www.facebook.com/bikna",
  youtube: "https://www.youtube.com/@bikna",
  x: "https://x.com/bikna",
};

describe("the shop's details", () => {
  it("are the environment's until saved; the visitor's address stands in only on an accepted host", async () => {
    const env = getEnv();
    const shop = await getShopSettings(new Request("http://localhost:4321/contact"));
    expect(shop.phone).toBe(env.SHOP_PHONE);
    expect(shop.whatsapp).toBe(env.SHOP_WHATSAPP);
    expect(shop.publicUrlSet).toBe(false);
    expect(shop.publicUrl).toBe("http://localhost:4321");
    // A forged Host is never used: the environment's default stands instead.
    expect((await getShopSettings(new Request("http://evil.example/contact"))).publicUrl).toBe(env.PUBLIC_URL);
    expect((await readShopDetails()).publicUrl).toBeNull();
  });

  it("saves the page's values, normalised, and moves the public version on", async () => {
    const parsed = shopDetailsSchema(true).safeParse(typed);
    expect(parsed.success).toBe(true);
    const before = await readWhenConnected();
    await saveShopDetails(parsed.data!);
    expect(await readWhenConnected()).toBeGreaterThan(before);
    const shop = await getShopSettings(new Request("http://localhost:4321/"));
    expect(shop.publicUrl).toBe("https://dokrashilpa.in");
    expect(shop.publicUrlSet).toBe(true);
    expect(shop.phone).toBe("+91 98311 22334");
    expect(shop.whatsapp).toBe("447911123456");
    expect(shop.showroomAddress).toBe(typed.showroomAddress);
    expect(shop.social.x).toBe("https://x.com/bikna");
    const row = await getDb().selectFrom("shop_settings").selectAll().executeTakeFirstOrThrow();
    expect(row.whatsapp).toBe("447911123456");

    // Saved again without a public address: the visitor's (accepted) address stands in once more.
    await saveShopDetails({ ...parsed.data!, publicUrl: null });
    expect((await getShopSettings(new Request("http://127.0.0.1:4321/"))).publicUrl).toBe("http://127.0.0.1:4321");
    expect(await getDb().selectFrom("shop_settings").select("id").execute()).toHaveLength(1);
  });

  it("opened on two devices: the second save does not overwrite the first; it lists what changed and saves once seen", async () => {
    const opened = await readShopDetails();
    const base = shopDetailsBase(opened);
    // The phone saves a new phone number...
    expect(await saveShopDetails({ ...opened, phone: "+91 94340 11111" }, base)).toBeNull();
    // ...then the laptop, opened before, saves a new e-mail with the old phone number in its form.
    const laptop = { ...opened, email: "orders@dokrashilpa.in" };
    const conflict = await saveShopDetails(laptop, base);
    expect(conflict?.changes).toEqual([{ label: "Phone", was: opened.phone, now: "+91 94340 11111" }]);
    expect((await readShopDetails()).email).toBe(opened.email);
    // The form it shows again holds both: the laptop's e-mail and the phone's new number.
    expect(conflict?.merged).toEqual({ ...opened, email: "orders@dokrashilpa.in", phone: "+91 94340 11111" });
    // Sent again with the base the refusal answered: saved.
    expect(await saveShopDetails(conflict!.merged, conflict!.base)).toBeNull();
    const saved = await readShopDetails();
    expect(saved).toMatchObject({ email: "orders@dokrashilpa.in", phone: "+91 94340 11111" });
    // Six saves from pages opened alike, at once: one is saved, the others told, none fails
    // (taking the row's lock shared first made two of them deadlock).
    const all = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => saveShopDetails({ ...saved, mapQuery: `Bikna ${i}` }, shopDetailsBase(saved))));
    expect(all.filter((answer) => answer.status === "rejected")).toEqual([]);
    const answers = all.flatMap((answer) => (answer.status === "fulfilled" ? [answer.value] : []));
    expect(answers.filter((answer) => answer === null)).toHaveLength(1);
    for (const told of answers.filter((answer) => answer !== null)) expect(told.changes.map((c) => c.label)).toEqual(["Map place"]);
  });
});

describe("the visitor's address in production", () => {
  const production = parseEnv({ NODE_ENV: "production", SESSION_SECRET: "a-secret-of-enough-length-for-a-test", ALLOWED_HOSTS: "dokrashilpa.in,www.dokrashilpa.in" });
  const origin = (url: string) => visitorOrigin(new Request(url), production);

  it("is one of the names the shop lists, as https on the default port, whatever the request's scheme or port", () => {
    expect(origin("https://dokrashilpa.in/product/lamps/12")).toBe("https://dokrashilpa.in");
    expect(origin("http://www.dokrashilpa.in/")).toBe("https://www.dokrashilpa.in");
    expect(origin("http://dokrashilpa.in:1/")).toBe("https://dokrashilpa.in");
    expect(origin("https://DokraShilpa.IN./")).toBe("https://dokrashilpa.in");
  });

  it("is never this machine's own name: the page cache shares the links with everyone", () => {
    for (const url of ["http://localhost/", "http://localhost:3000/", "http://127.0.0.1:8080/", "http://[::1]/"]) expect(origin(url), url).toBe("https://dokrashilpa.in");
    expect(origin("https://evil.example/")).toBeNull();
    // With no list at all, every Host is served and none is trusted in links.
    expect(visitorOrigin(new Request("https://dokrashilpa.in/"), parseEnv({ NODE_ENV: "production", SESSION_SECRET: "a-secret-of-enough-length-for-a-test" }))).toBeNull();
  });
});

describe("the shop's details for a page", () => {
  it("are read once per public version: a row written without a bump shows only once the version moves on", async () => {
    const before = (await getShopSettings()).addressLine;
    // Written as no module writes it: the bump that every save makes is left out.
    await getDb().updateTable("shop_settings").set({ address_line: "Dariyapur, Bardhaman" }).where("id", "=", 1).execute();
    expect((await getShopSettings()).addressLine).toBe(before);
    await bumpPublicVersion();
    expect((await getShopSettings()).addressLine).toBe("Dariyapur, Bardhaman");
  });
});

describe("the Shop details form", () => {
  const errorsOf = (values: Record<string, string>, strict = true) => {
    const result = shopDetailsSchema(strict).safeParse({ ...typed, ...values });
    return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
  };

  it("refuses a public address that is not https on a real host name, naming the field", () => {
    for (const publicUrl of ["http://dokrashilpa.in", "https://localhost:3000", "https://192.168.1.20", "https://shop", "https://dokra.local", "https://dokrashilpa.in/shop?x=1", "dokrashilpa.in"]) {
      expect(errorsOf({ publicUrl }), publicUrl).toEqual({ publicUrl: expect.stringMatching(/^Public address: enter an https address/) });
    }
    expect(errorsOf({ publicUrl: "" })).toEqual({});
    // Outside production this machine is fine (a tryout at home).
    expect(errorsOf({ publicUrl: "http://localhost:3000" }, false)).toEqual({});
  });

  it("refuses numbers that are not international phone numbers, naming each field", () => {
    expect(errorsOf({ phone: "12345", whatsapp: "+1 555" })).toEqual({
      phone: expect.stringMatching(/^Phone: /),
      whatsapp: expect.stringMatching(/^WhatsApp number: /),
    });
    expect(normalisePhone("9830012345")).toEqual({ international: "+91 98300 12345", digits: "919830012345" });
    expect(normalisePhone("+91 98300")).toBeNull();
    expect(normalisePhone("call me")).toBeNull();
    expect(normalisePhone("+1 201 555 0123")?.digits).toBe("12015550123");
    // With its country code but no such number there (a range kept for fiction, a digit missing): said so, not "add the country code".
    expect(errorsOf({ whatsapp: "+44 7700 900123", phone: "+91 98300 1234" })).toEqual({
      phone: "Phone: the country code is there, but that country has no such number. Please check the digits.",
      whatsapp: "WhatsApp number: the country code is there, but that country has no such number. Please check the digits.",
    });
    // Pasted from Contacts (wrapped in invisible direction marks): read as normalisePhone reads it.
    expect(errorsOf({ whatsapp: "\u202A+44 7700 900123\u202C" }).whatsapp).toBe(
      "WhatsApp number: the country code is there, but that country has no such number. Please check the digits.",
    );
  });

  it("refuses an empty address, a bad e-mail and a social link that is not https", () => {
    expect(errorsOf({ worksAddress: "  ", email: "shop@", instagram: "http://instagram.com/x" })).toEqual({
      worksAddress: "Workshop address: please fill this in.",
      email: expect.stringMatching(/^E-mail: /),
      instagram: expect.stringMatching(/^Instagram: enter an https address/),
    });
  });
});

import { describe, expect, it } from "vitest";
import { getDb } from "#db/index.ts";
import { countUnreadMessages, deleteMessage, listMessagesForAdmin, markMessageRead } from "./admin.server.ts";

describe("contact messages for the admin", () => {
  it("lists unread first, marks read and unread, deletes", async () => {
    const insert = (subject: string) =>
      getDb().insertInto("contact_messages").values({ name: "N", email: "n@example.com", subject, message: "Hello" }).executeTakeFirstOrThrow();
    const first = Number((await insert("first")).insertId);
    const second = Number((await insert("second")).insertId);
    expect((await listMessagesForAdmin()).map((m) => m.subject)).toEqual(["second", "first"]);
    expect(await markMessageRead(second)).toBe(true);
    expect((await listMessagesForAdmin()).map((m) => [m.subject, m.read])).toEqual([["first", false], ["second", true]]);
    expect(await countUnreadMessages()).toBe(1);
    expect(await markMessageRead(second, false)).toBe(true);
    expect(await countUnreadMessages()).toBe(2);
    expect(await deleteMessage(first)).toBe(true);
    expect(await deleteMessage(first)).toBe(false);
    expect(await markMessageRead(first)).toBe(false);
  });

  it("offers an e-mail reply with 'Re: <subject>' and a WhatsApp reply only when a number was given", async () => {
    const db = getDb();
    await db.insertInto("contact_messages").values({ name: "Asha", email: "asha@example.com", subject: "Owl & pair?", message: "Hi" }).execute();
    await db
      .insertInto("contact_messages")
      .values({ name: "Ritu", email: "ritu@example.com", phone: "+919830012345", subject: "Re: Horse", message: "Hi" })
      .execute();
    const bySender = new Map((await listMessagesForAdmin()).map((m) => [m.name, m]));
    expect(bySender.get("Asha")!.reply).toEqual({ email: "mailto:asha@example.com?subject=Re%3A%20Owl%20%26%20pair%3F", whatsapp: null });
    const ritu = bySender.get("Ritu")!;
    expect(ritu.phone).toBe("+919830012345");
    expect(ritu.reply.email).toBe("mailto:ritu@example.com?subject=Re%3A%20Horse");
    const whatsapp = new URL(ritu.reply.whatsapp!);
    expect(whatsapp.origin + whatsapp.pathname).toBe("https://wa.me/919830012345");
    expect(whatsapp.searchParams.get("text")).toBe('Hello Ritu, thank you for your message "Re: Horse" to our workshop.');
  });

  it("greets in the language the buyer wrote in, and names a commission by its design, not its English label", async () => {
    const db = getDb();
    await db.insertInto("contact_messages").values({ name: "রিনা", email: "rina@example.com", phone: "+919830011111", subject: "হাতির দাম", message: "কত?", lang: "bn" }).execute();
    await db
      .insertInto("contact_messages")
      .values({ kind: "commission", name: "सीता", email: "", phone: "+919830022222", subject: "Commission request: एक हाथी", message: "एक हाथी\nलगभग 20 सेमी", lang: "hi" })
      .execute();
    const text = async (name: string) => new URL((await listMessagesForAdmin()).find((m) => m.name === name)!.reply.whatsapp!).searchParams.get("text");
    expect(await text("রিনা")).toBe("নমস্কার রিনা, আমাদের কারখানায় “হাতির দাম” নিয়ে মেসেজ করার জন্য ধন্যবাদ।");
    expect(await text("सीता")).toBe("नमस्ते सीता जी, हमारे कारखाने को “एक हाथी” के बारे में मैसेज भेजने के लिए धन्यवाद।");
  });
});

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
});

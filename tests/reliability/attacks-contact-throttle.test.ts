// The contact form's limits under parallel bursts (consume first) and their
// shape (loose per address, since many visitors share one carrier address;
// tight per e-mail). Real MySQL rows, real Redis limiter, the route's own action.
import { describe, expect, it } from "vitest";
import { CONTACT_LIMITS } from "#app/modules/contact/throttle.server.ts";
import { action as contactAction } from "#app/routes/_shop.contact.tsx";
import { getDb } from "#db/index.ts";
import { args, ORIGIN } from "./support-input.ts";

const THROTTLED = /^You have sent several messages in a short time\. Please wait \d+ minutes? before sending another, or reach us by phone or WhatsApp\.$/;

async function send(email: string, ip: string): Promise<{ status: number; formError: string | null }> {
  const body = new URLSearchParams({ name: "Ritu Sen", email, subject: "Owl pair", message: "Do you have two of these?" });
  const request = new Request(`${ORIGIN}/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "x-dokra-client-ip": ip },
    body,
  });
  try {
    const result = (await contactAction(args(request))) as { init: { status: number }; data: { formError: string | null } };
    return { status: result.init.status, formError: result.data.formError };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, formError: null }; // the redirect after success
    throw thrown;
  }
}

const stored = async (column: "ip" | "email", value: string) =>
  Number((await getDb().selectFrom("contact_messages").select((eb) => eb.fn.countAll().as("n")).where(column, "=", value).executeTakeFirstOrThrow()).n);

describe("contact limits hold under parallel bursts", () => {
  it("15 parallel messages from one e-mail: only the per-e-mail allowance is accepted, the rest get the clear message", async () => {
    const results = await Promise.all(Array.from({ length: 15 }, (_, i) => send("burst@example.com", `198.51.100.${i + 1}`)));
    const accepted = results.filter((r) => r.status === 302).length;
    console.info(`one e-mail, 15 parallel from 15 addresses: ${accepted} accepted (limit ${CONTACT_LIMITS.email.points})`);
    expect(accepted).toBe(CONTACT_LIMITS.email.points);
    expect(await stored("email", "burst@example.com")).toBe(CONTACT_LIMITS.email.points);
    for (const refused of results.filter((r) => r.status !== 302)) {
      expect(refused.status).toBe(429);
      expect(refused.formError).toMatch(THROTTLED);
    }
  });

  it("one shared carrier address: many visitors with their own e-mails get through, up to the looser per-address limit", async () => {
    const ip = "203.0.113.80";
    const total = CONTACT_LIMITS.ip.points + 10;
    const results = await Promise.all(Array.from({ length: total }, (_, i) => send(`visitor-${i}@example.com`, ip)));
    const accepted = results.filter((r) => r.status === 302).length;
    console.info(`one address, ${total} parallel visitors: ${accepted} accepted (limit ${CONTACT_LIMITS.ip.points})`);
    expect(CONTACT_LIMITS.ip.points).toBeGreaterThanOrEqual(20);
    expect(accepted).toBe(CONTACT_LIMITS.ip.points);
    expect(await stored("ip", ip)).toBe(CONTACT_LIMITS.ip.points);
    expect(results.filter((r) => r.status === 429).every((r) => THROTTLED.test(r.formError ?? ""))).toBe(true);
  });

  it("a refusal for one e-mail does not use up the shared address's allowance", async () => {
    const ip = "203.0.113.81";
    for (let i = 0; i < CONTACT_LIMITS.email.points + 5; i++) await send("chatty@example.com", ip);
    expect(await stored("ip", ip)).toBe(CONTACT_LIMITS.email.points);
    const others = await Promise.all(
      Array.from({ length: CONTACT_LIMITS.ip.points - CONTACT_LIMITS.email.points }, (_, i) => send(`neighbour-${i}@example.com`, ip)),
    );
    expect(others.every((r) => r.status === 302)).toBe(true);
    expect((await send("one-more@example.com", ip)).status).toBe(429);
  });
});

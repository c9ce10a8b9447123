// Contact messages against the real MySQL and Redis: stored first, forwarded by the job
// with retry semantics, and limited per address and per e-mail.
import { createServer, type IncomingMessage, type Server } from "node:http";
import { UnrecoverableError } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getQueues } from "#app/modules/jobs/queue.server.ts";
import { getDb } from "#db/index.ts";
import { forwardContactMessage } from "./forward.server.ts";
import { jobId } from "#app/modules/jobs/jobs.ts";
import { submitContactMessage } from "./messages.server.ts";
import { PHONE_MESSAGE } from "./phone.ts";
import { contactSchema } from "./schema.ts";
import { CONTACT_LIMITS, takeContactMessage } from "./throttle.server.ts";

const input = { name: "Ritu Sen", email: "ritu@example.com", subject: "Owl Pair", message: "Do you have two?" };

let server: Server;
let nextStatus = 200;
const received: unknown[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push(JSON.parse(body));
      res.statusCode = nextStatus;
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  // Set before anything reads the environment (getEnv parses it once, on first use).
  process.env.CONTACT_FORWARD_URL = `http://127.0.0.1:${address.port}/forms/abc`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function row(id: number) {
  return getDb().selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

describe("contact schema", () => {
  it("requires every field and checks the e-mail", () => {
    const result = contactSchema.safeParse({ name: " ", email: "nope", subject: "", message: "" });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path[0]);
    expect(new Set(paths)).toEqual(new Set(["name", "email", "subject", "message"]));
    expect(contactSchema.parse({ ...input, name: "  Ritu Sen  " }).name).toBe("Ritu Sen");
  });

  it("takes an optional phone/WhatsApp number loosely and keeps it normalised", () => {
    const phone = (value: string | undefined) => contactSchema.parse({ ...input, phone: value }).phone;
    expect(phone(undefined)).toBeUndefined();
    expect(phone("   ")).toBeUndefined();
    expect(phone("98300 12345")).toBe("+919830012345");
    expect(phone("098300-12345")).toBe("+919830012345");
    expect(phone("91 98300 12345")).toBe("+919830012345");
    expect(phone("+91 98300-12345")).toBe("+919830012345");
    expect(phone("৯৮৩০০ ১২৩৪৫")).toBe("+919830012345");
    expect(phone("+९१ ९८३००-१२३४५")).toBe("+919830012345");
    expect(phone("+44 20 7946 0958")).toBe("+442079460958");
    expect(phone("033 2555 1234")).toBe("03325551234"); // a landline: no country to add
    for (const bad of ["12345", "1234567890123456", "98300 12345 ext 2", "+91+9830012345", "9830O12345", "(033) 2555 1234"]) {
      const result = contactSchema.safeParse({ ...input, phone: bad });
      expect(result.success, bad).toBe(false);
      expect(result.error!.issues.map((i) => [i.path[0], i.message])).toEqual([["phone", PHONE_MESSAGE]]);
    }
  });
});

describe("contact messages", () => {
  it("stores the message and queues one forward job per message", async () => {
    const { id } = await submitContactMessage(input, "203.0.113.7");
    expect(await row(id)).toMatchObject({ ...input, phone: null, ip: "203.0.113.7", forwarded_at: null });
    const withPhone = await submitContactMessage({ ...input, phone: "+919830012345" }, "203.0.113.7");
    expect((await row(withPhone.id)).phone).toBe("+919830012345");
    const job = await getQueues().contact.getJob(jobId("forward-contact", id));
    expect(job?.data).toEqual({ messageId: id });
  });

  it("forwards to the form service once, and retries (throws) while the service is down", async () => {
    const { id } = await submitContactMessage(input, "203.0.113.8");
    nextStatus = 503;
    await expect(forwardContactMessage({ data: { messageId: id } })).rejects.toThrow("form service answered 503");
    expect((await row(id)).forward_error).toBe("form service answered 503");
    expect((await row(id)).forwarded_at).toBeNull();

    nextStatus = 200;
    received.length = 0;
    await expect(forwardContactMessage({ data: { messageId: id } })).resolves.toBe("forwarded");
    expect(received).toEqual([input]);
    const done = await row(id);
    expect(done.forwarded_at).not.toBeNull();
    expect(done.forward_error).toBeNull();
    await expect(forwardContactMessage({ data: { messageId: id } })).resolves.toBe("already-forwarded");
    expect(received).toHaveLength(1);
  });

  it("gives up for good when the service refuses the message (4xx) or it no longer exists", async () => {
    const { id } = await submitContactMessage(input, "203.0.113.9");
    nextStatus = 422;
    await expect(forwardContactMessage({ data: { messageId: id } })).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(forwardContactMessage({ data: { messageId: 999_999 } })).rejects.toBeInstanceOf(UnrecoverableError);
    nextStatus = 200;
  });

  it("limits each e-mail to its allowance an hour, with the wait in the answer; other e-mails unaffected", async () => {
    const ip = "198.51.100.23";
    for (let i = 0; i < CONTACT_LIMITS.email.points; i++) expect(await takeContactMessage(ip, "Ritu@Example.com")).toBe(0);
    const wait = await takeContactMessage(ip, "ritu@example.com");
    expect(wait).toBeGreaterThan(50 * 60_000);
    expect(wait).toBeLessThanOrEqual(3600_000);
    expect(await takeContactMessage(ip, "someone-else@example.com")).toBe(0);
  });
});

// An upload sent very slowly, over real HTTP to the production server: a phone on a bad
// line that keeps sending is never cut off, however long it takes; a connection that goes
// silent mid-upload is closed after HTTP_IDLE_TIMEOUT_SECONDS, its half-received file is
// removed, and the server keeps serving; a connection that never carried a request is closed
// as quietly as a browser's spare connection should be.
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeJpeg } from "#tests/setup/fixtures.ts";
import { startWebProcess, stopAllServices, until, type WebProcess } from "./support-services.ts";
import { adminCookie, originalsOnDisk } from "./support-input.ts";

const IDLE_SECONDS = 2;
const SESSION_SECRET = "slow-upload-test-secret-not-for-production";
let web: WebProcess;
let port: number;
let cookie: string;

beforeAll(async () => {
  // The session row is made here, in the test's database; the server signs with the same secret.
  process.env.SESSION_SECRET = SESSION_SECRET;
  cookie = await adminCookie();
  web = await startWebProcess({ SESSION_SECRET, HTTP_IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS) });
  port = web.port;
}, 600_000);

afterAll(async () => {
  await stopAllServices();
});

/** Opens a raw connection and sends the head of a multipart gallery upload of `image`. */
async function startUpload(image: Buffer): Promise<{ socket: Socket; body: Buffer; answer: Promise<string> }> {
  const boundary = "----slow-upload-boundary";
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="slow.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const socket = connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
  const answer = new Promise<string>((resolve) => socket.once("close", () => resolve(received)));
  socket.write(
    [
      "POST /api/v1/gallery/add HTTP/1.1",
      `Host: 127.0.0.1:${port}`,
      `Origin: http://127.0.0.1:${port}`,
      `Cookie: ${cookie}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      `Content-Length: ${body.length}`,
      "Connection: close",
      "",
      "",
    ].join("\r\n"),
  );
  return { socket, body, answer };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's warnings (and worse) about connections it closed, in order. */
const closedWarnings = () =>
  web
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((entry) => entry.level >= 40 && entry.msg.includes("connection closed"))
    .map((entry) => entry.msg);

describe("a very slow upload", () => {
  it("that keeps sending is accepted, even when it takes longer than the idle limit", async () => {
    const image = await makeJpeg(640, 480, 7);
    const { socket, body, answer } = await startUpload(image);
    // In 8 pieces over ~4 s: twice the idle limit in all, never silent for as long as it.
    const piece = Math.ceil(body.length / 8);
    for (let at = 0; at < body.length; at += piece) {
      socket.write(body.subarray(at, at + piece));
      await pause(500);
    }
    const response = await answer;
    expect(response).toMatch(/^HTTP\/1\.1 201 /);
    expect(response).toContain('"success":true');
  }, 60_000);

  it("that goes silent is closed after the idle limit, its partial file removed, and the server keeps serving", async () => {
    const before = await originalsOnDisk();
    const image = await makeJpeg(1600, 1200, 8);
    const { socket, body, answer } = await startUpload(image);
    socket.write(body.subarray(0, Math.floor(body.length / 2)));
    const silentSince = Date.now();
    const response = await answer;
    // Closed by the server (no answer bytes: the request never finished), not by us.
    expect(response).toBe("");
    expect(Date.now() - silentSince).toBeGreaterThanOrEqual(IDLE_SECONDS * 1000 - 100);
    await until(async () => (await originalsOnDisk()).length === before.length, 10_000, "the partial original to be removed");
    expect(await originalsOnDisk()).toEqual(before);
    expect(closedWarnings()).toContain("silent connection closed mid-request");
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
  }, 60_000);
});

describe("a connection that never sends a request (a browser's spare one)", () => {
  it("is closed after the idle limit without a warning", async () => {
    const before = closedWarnings().length;
    const socket = connect(port, "127.0.0.1");
    await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    const openedAt = Date.now();
    await new Promise((resolve) => socket.once("close", resolve));
    expect(Date.now() - openedAt).toBeGreaterThanOrEqual(IDLE_SECONDS * 1000 - 100);
    expect(closedWarnings()).toHaveLength(before);
  }, 60_000);
});

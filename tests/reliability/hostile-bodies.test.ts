// Bodies and methods a stranger can send without signing in, over real HTTP to the
// production server (server/request-limits.ts): 50 MB form posts are refused with 413 before
// the rest is read (the server's memory barely moves: /proc), a body sent one byte at a time
// is cut off at the form timeout, and methods the shop does not serve answer 405 with Allow,
// never a 500 or an error in the log. Uploads keep their own rule (hostile-slow-upload.test.ts).
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { READ_ONLY_PATHS } from "../../server/request-limits.ts";
import { startWebProcess, stopAllServices, type WebProcess } from "./support-services.ts";

const FORM_TIMEOUT_SECONDS = 2;
const MB = 1024 * 1024;
let web: WebProcess;
let port: number;

beforeAll(async () => {
  web = await startWebProcess({
    SESSION_SECRET: "hostile-bodies-test-secret-not-for-production",
    HTTP_FORM_BODY_TIMEOUT_SECONDS: String(FORM_TIMEOUT_SECONDS),
  });
  port = web.port;
}, 600_000);

afterAll(async () => {
  await stopAllServices();
});

/** kB of a /proc/<pid>/status line. */
const procKb = (field: "VmRSS" | "VmHWM") =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${web.child.pid}/status`, "utf8"))![1]);

/** Sends `bytes` of body (made on the fly, never held whole) and resolves with the status, or "closed" if cut off first. */
function post(url: string, contentType: string, bytes: number, init: { chunked?: boolean; head?: string } = {}): Promise<number | "closed"> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { "Content-Type": contentType, Origin: `http://127.0.0.1:${port}` };
    if (!init.chunked) headers["Content-Length"] = String(bytes);
    const req = request({ host: "127.0.0.1", port, path: url, method: "POST", headers, agent: false });
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on("error", () => resolve("closed"));
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    if (init.head) {
      req.write(init.head);
      sent += Buffer.byteLength(init.head);
    }
    const pump = () => {
      while (sent < bytes && !req.destroyed) {
        const piece = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once("drain", pump);
      }
      if (!req.destroyed) req.end();
    };
    pump();
  });
}

const boundary = "----hostile-bodies";
const multipartHead = `--${boundary}\r\nContent-Disposition: form-data; name="message"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`;

describe("page form posts without a session", () => {
  it("8 parallel 50 MB posts to /contact and /admin are refused with 413 and grow the server by less than 50 MB", async () => {
    // Warm up: the form pages and their actions have run once, so what follows measures the bodies only.
    for (const url of ["/contact", "/admin"]) expect(await post(url, "application/x-www-form-urlencoded", 20)).toBeLessThan(500);
    const before = procKb("VmRSS");
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, procKb("VmRSS"))), 20);
    const answers = await Promise.all([
      post("/contact", "application/x-www-form-urlencoded", 50 * MB),
      post("/contact", "application/x-www-form-urlencoded", 50 * MB, { chunked: true }),
      post("/contact", `multipart/form-data; boundary=${boundary}`, 50 * MB, { head: multipartHead }),
      post("/contact", `multipart/form-data; boundary=${boundary}`, 50 * MB, { head: multipartHead, chunked: true }),
      post("/admin", "application/x-www-form-urlencoded", 50 * MB),
      post("/admin", "application/x-www-form-urlencoded", 50 * MB, { chunked: true }),
      post("/admin", `multipart/form-data; boundary=${boundary}`, 50 * MB, { head: multipartHead }),
      post("/admin", `multipart/form-data; boundary=${boundary}`, 50 * MB, { head: multipartHead, chunked: true }),
    ]);
    clearInterval(sampler);
    peak = Math.max(peak, procKb("VmRSS"));
    const grownMb = (peak - before) / 1024;
    console.info(`server RSS before ${Math.round(before / 1024)} MB, peak during 8 × 50 MB posts ${Math.round(peak / 1024)} MB (+${grownMb.toFixed(1)} MB); answers ${answers.join(" ")}`);
    // A refusal mid-send may reach the client as the connection closing instead of the 413.
    for (const answer of answers) expect([413, "closed"]).toContain(answer);
    expect(answers.filter((a) => a === 413).length).toBeGreaterThan(0);
    expect(grownMb).toBeLessThan(50);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  }, 180_000);

  it("a small multipart body to /contact is read as a form (no 500), a body of another type is a 415", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ name: "A", email: "a@example.com", subject: "S" })) form.append(name, value);
    form.append("message", new Blob(["hello"]), "note.txt");
    const multipart = await fetch(`http://127.0.0.1:${port}/contact`, { method: "POST", body: form, redirect: "manual" });
    expect(multipart.status).toBe(400);
    const json = await fetch(`http://127.0.0.1:${port}/contact`, { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
    expect(json.status).toBe(415);
  });

  it("a body sent one byte at a time is cut off at the form timeout (408), though the connection never goes idle", async () => {
    const socket = connect(port, "127.0.0.1");
    await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    socket.on("error", () => undefined);
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    socket.write(
      ["POST /contact HTTP/1.1", `Host: 127.0.0.1:${port}`, "Content-Type: application/x-www-form-urlencoded", "Content-Length: 1000", "", ""].join("\r\n"),
    );
    // One byte every 200 ms, far more often than the idle limit (60 s), far fewer than 1000 bytes.
    const drip = setInterval(() => socket.writable && socket.write("a"), 200);
    await closed;
    clearInterval(drip);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    // The server's log line travels through a pipe and may arrive after the socket closed.
    await expect.poll(() => web.output(), { timeout: 5_000 }).toContain("request body too slow");
  }, 60_000);
});

describe("methods the shop does not serve", () => {
  const send = (method: string, url: string) =>
    new Promise<{ status: number; allow: string | undefined }>((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path: url, method, agent: false }, (res) => {
        res.resume();
        resolve({ status: res.statusCode!, allow: res.headers.allow });
      });
      req.on("error", reject);
      req.end();
    });

  it("answer 405 with Allow on pages and the API, never a 500, and log no error", async () => {
    for (const url of ["/", "/dashboard", "/contact", "/api/v1/products/getAllProducts", "/api/v1/user/current"]) {
      for (const method of ["TRACE", "PROPFIND", "SEARCH", "MKCOL", "OPTIONS", "PATCH", "LINK"]) {
        const { status, allow } = await send(method, url);
        expect(`${method} ${url} ${status}`).toBe(`${method} ${url} 405`);
        expect(allow).toBe(url.startsWith("/api/") ? "GET, HEAD, POST, PUT, DELETE" : "GET, HEAD, POST");
      }
    }
    for (const method of ["PUT", "DELETE"]) expect((await send(method, "/contact")).status).toBe(405);
    expect(web.output()).not.toMatch(/"level":(50|60)/);
  });
  it("feeds and other read-only resources answer every method but GET and HEAD with 405 and Allow: GET, HEAD, whatever the body", async () => {
    for (const url of [...READ_ONLY_PATHS, "/HEALTHZ", "/sitemap.xml/", "/Feeds/Meta.xml"]) {
      for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"]) expect([method, url, await send(method, url)]).toEqual([method, url, { status: 405, allow: "GET, HEAD" }]);
      for (const [type, body] of [["application/x-www-form-urlencoded", "a=1"], ["application/json", "{}"], ["text/xml", "<a/>"]]) {
        const response = await fetch(`http://127.0.0.1:${port}${url}`, { method: "POST", headers: { "Content-Type": type! }, body });
        expect([url, type, response.status, response.headers.get("allow")]).toEqual([url, type, 405, "GET, HEAD"]);
      }
      // A trailing slash moves to the one spelling first (redirectToCanonicalPath, server/request-limits.ts).
      expect([url, (await send("GET", url)).status]).toEqual([url, url.endsWith("/") ? 301 : 200]);
    }
    expect(web.output()).not.toMatch(/"level":(50|60)/);
  });
});

describe("addresses the shop cannot rebuild as a path on its own host", () => {
  /** One raw request on its own connection; resolves with the whole answer as text. */
  const raw = (lines: string[]) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1");
      let received = "";
      socket.on("data", (chunk: Buffer) => (received += chunk.toString("utf8")));
      socket.on("error", reject);
      socket.on("close", () => resolve(received));
      socket.write([...lines, "Connection: close", "", ""].join("\r\n"));
    });
  const status = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
  const host = () => `Host: 127.0.0.1:${port}`;

  it("answer 400, so no Host can make a cached page another page's, and log no error", async () => {
    const refused = [
      ["GET http://evil.example/ HTTP/1.1", host()],
      [`GET http://127.0.0.1:${port}/ HTTP/1.1`, host()],
      ["GET * HTTP/1.1", host()],
      ["GET /contact?poison=1 HTTP/1.1", "Host: x/search?q=SHOP%20CLOSED#"],
      ["GET /contact?poison=2 HTTP/1.1", "Host: x?"],
      ["GET /contact?poison=3 HTTP/1.1", "Host: x#"],
      ["GET /contact?poison=4 HTTP/1.1", "Host: a@b"],
      ["GET /contact?poison=5 HTTP/1.1", "Host: 127.0.0.1:99999"],
    ];
    for (const lines of refused) expect([lines.join(" | "), status(await raw(lines))]).toEqual([lines.join(" | "), 400]);
    // A guest's next request for the same address gets the contact page, from a fresh render or the cache.
    for (const n of [1, 2, 3, 4, 5]) {
      const answer = await raw([`GET /contact?poison=${n} HTTP/1.1`, host()]);
      expect([n, status(answer)]).toEqual([n, 200]);
      expect(answer).toContain("<title>Contact");
      expect(answer).not.toContain("SHOP CLOSED");
    }
    // X-Forwarded-Host counts only from a proxy named in TRUST_PROXY (none here): ignored, whatever it says.
    expect(status(await raw(["GET / HTTP/1.1", host(), "X-Forwarded-Host: a:99999"]))).toBe(200);
    expect(status(await raw(["GET / HTTP/1.1", host(), "X-Forwarded-Host: x/search?q=SHOP%20CLOSED#"]))).toBe(200);
    // The pre-single-fetch data form is answered, and is no server error either.
    for (const path of ["/?_data=root", "/healthz?_data=routes/healthz"]) expect(status(await raw([`GET ${path} HTTP/1.1`, host()]))).toBe(200);
    expect(web.output()).not.toMatch(/"level":(50|60)/);
  });
});

import type http from "node:http";
import net, { type AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, expect, it } from "vitest";
import { toFetchRequest } from "./express-fetch.ts";
import { closeUnreadBodies } from "./request-limits.ts";

// An answer sent before the body was read (the sign-in redirect of an owner whose session ended
// while she sent two phone photos without JavaScript): the rest of the body is read and thrown
// away, so her browser finishes sending and shows the answer instead of a reset connection.

let server: http.Server;
let port = 0;

beforeAll(async () => {
  const app = express();
  app.use(closeUnreadBodies);
  app.post("/upload", (req, res) => {
    // As the Remix handler does: the fetch Request starts pumping the body into its stream...
    void toFetchRequest(req, res);
    // ...and the action answers before reading it (requireAdmin's redirect).
    setTimeout(() => res.redirect(302, "/admin?redirectTo=%2Fupload"), 20);
  });
  server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

it("reads on and throws away a 9 MB body answered before it was read: the sender finishes and the connection stays", async () => {
  const body = Buffer.alloc(9_000_000, 97);
  const outcome = await new Promise<{ answer: string; sent: boolean; error: string | null }>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    let sent = false;
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("error", (error: NodeJS.ErrnoException) => resolve({ answer, sent, error: error.code ?? error.message }));
    socket.write(`POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\nContent-Length: ${body.length}\r\n\r\n`);
    let offset = 0;
    const pump = () => {
      while (offset < body.length) {
        const more = socket.write(body.subarray(offset, offset + 64 * 1024));
        offset += 64 * 1024;
        if (!more) return void socket.once("drain", pump);
      }
      sent = true;
      // The connection is kept for the next request: still open a moment after the last byte.
      setTimeout(() => {
        resolve({ answer, sent, error: socket.destroyed ? "closed" : null });
        socket.destroy();
      }, 300);
    };
    pump();
  });
  expect(outcome.error).toBeNull();
  expect(outcome.sent).toBe(true);
  expect(outcome.answer).toMatch(/^HTTP\/1\.1 302 /);
}, 20_000);

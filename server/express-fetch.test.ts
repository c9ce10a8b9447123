import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendFetchResponse } from "./express-fetch.ts";

// A fetch Response through Express over real HTTP: the chunks ready together leave together,
// and a part that comes later (a deferred one) still streams after them.

let releaseLate: () => void = () => undefined;
let origin = "";
let server: http.Server;

beforeAll(async () => {
  const app = express();
  app.get("/stream", (_req, res, next) => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of ["<p>one</p>", "<p>two</p>", "<p>three</p>"]) controller.enqueue(encoder.encode(part));
        releaseLate = () => {
          controller.enqueue(encoder.encode("<p>late</p>"));
          controller.close();
        };
      },
    });
    sendFetchResponse(res, new Response(body, { headers: { "Content-Type": "text/html", "Set-Cookie": "a=1" } })).catch(next);
  });
  server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("sendFetchResponse", () => {
  it("sends what is ready at once, then the later part, then ends", async () => {
    const received: string[] = [];
    const status = await new Promise<number>((resolve, reject) => {
      http
        .get(`${origin}/stream`, (res) => {
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            received.push(chunk);
            // The late part is released only once the first ones have arrived: the body streams.
            if (received.join("") === "<p>one</p><p>two</p><p>three</p>") releaseLate();
          });
          res.on("end", () => resolve(res.statusCode ?? 0));
          res.on("error", reject);
        })
        .on("error", reject);
    });
    expect(status).toBe(200);
    expect(received.join("")).toBe("<p>one</p><p>two</p><p>three</p><p>late</p>");
    expect(received.at(-1)).toBe("<p>late</p>");
  });
});

import { get, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureWireHeaders, codingFor, writeBody } from "./fast-path.ts";
import { toCachedPage } from "./page-cache.ts";

describe("the headers kept for the fast path", () => {
  it("cut the nonce out of the CSP, add Accept-Encoding to Vary, and drop per-response headers", () => {
    const nonce = "abcDEF123+/=abcDEF123+/=";
    const wire = captureWireHeaders(
      {
        "content-security-policy": `default-src 'self';script-src 'strict-dynamic' 'nonce-${nonce}'`,
        "x-frame-options": "SAMEORIGIN",
        vary: "Cookie",
        etag: 'W/"x"',
        "content-encoding": "gzip",
        "content-length": 10,
        "x-cache": "MISS",
      },
      nonce,
    );
    expect(wire.csp?.join("NEW")).toBe("default-src 'self';script-src 'strict-dynamic' 'nonce-NEW'");
    expect(Object.fromEntries(wire.fixed)).toEqual({ "x-frame-options": "SAMEORIGIN", vary: "Cookie, Accept-Encoding" });
  });

  it("leave Vary alone when it already names Accept-Encoding", () => {
    const wire = captureWireHeaders({ vary: "Cookie, Accept-Encoding" }, undefined);
    expect(wire.fixed).toEqual([["vary", "Cookie, Accept-Encoding"]]);
    expect(wire.csp).toBeUndefined();
  });
});

describe("the coding of a cache hit", () => {
  const request = (acceptEncoding?: string) => ({ headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } }) as IncomingMessage;

  it("is the stored gzip when the client accepts gzip but not brotli, identity without the header", () => {
    expect(codingFor(request("gzip, deflate"))).toBe("gzip");
    expect(codingFor(request("gzip;q=0.5, br;q=0"))).toBe("gzip");
    expect(codingFor(request())).toBe("identity");
    expect(codingFor(request("identity"))).toBe("identity");
  });

  it("is left to Express (its compression makes brotli) when the client accepts brotli or refuses gzip", () => {
    expect(codingFor(request("gzip, deflate, br, zstd"))).toBeNull();
    expect(codingFor(request("*"))).toBeNull();
    expect(codingFor(request("br;q=1, gzip;q=0.1"))).toBeNull();
    expect(codingFor(request("gzip;q=0, br"))).toBeNull();
    expect(codingFor(request("br"))).toBeNull();
  });
});

describe("a cached page written behind Express's compression middleware", () => {
  const nonceInRender = "RENDERnonceRENDERnonce==";
  const template = (nonce: string) =>
    `<!DOCTYPE html><title>Home</title>${`<p>${"brass ".repeat(300)}</p>`.repeat(20)}<script nonce="${nonce}">1</script>` +
    `<link nonce="${nonce}"><script nonce="${nonce}" src="/a.js"></script><footer>end</footer>`;
  const page = toCachedPage({
    version: 1,
    epoch: 0,
    status: 200,
    headers: new Headers({ "Content-Type": "text/html; charset=utf-8" }),
    body: Buffer.from(template(nonceInRender)),
    nonce: nonceInRender,
  });
  const nonces = ["first+nonce/aaaaaaaaaaa=", "second+nonce/bbbbbbbbbb="];
  let served = 0;
  let base = "";
  let close: () => void = () => undefined;

  beforeAll(async () => {
    const app = express();
    app.use(compression());
    app.get("/", (req, res) => {
      const coding = codingFor(req);
      if (!coding) throw new Error("no coding");
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.setHeader("Vary", "Cookie, Accept-Encoding");
      writeBody(req, res, page, nonces[served++ % nonces.length], coding);
    });
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  function fetchRaw(headers: Record<string, string>, method = "GET"): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      get(`${base}/`, { headers, method }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on("error", reject);
    });
  }

  it("goes out as the stored gzip, once, with each response's own nonce and the right headers", async () => {
    served = 0;
    const first = await fetchRaw({ "accept-encoding": "gzip, deflate" });
    const second = await fetchRaw({ "accept-encoding": "gzip" });
    for (const [index, response] of [first, second].entries()) {
      expect(response.headers["content-encoding"]).toBe("gzip");
      expect(response.headers.vary).toBe("Cookie, Accept-Encoding");
      expect(Number(response.headers["content-length"])).toBe(response.body.length);
      // Not compressed a second time: one gunzip gives the page back.
      expect(gunzipSync(response.body).toString()).toBe(template(nonces[index]!));
    }
    expect(first.body.equals(second.body)).toBe(false);
  });

  it("goes out plain without Accept-Encoding, and HEAD announces the gzip length", async () => {
    served = 0;
    const plain = await fetchRaw({});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(template(nonces[0]!));
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);

    served = 0;
    const head = await fetchRaw({ "accept-encoding": "gzip" }, "HEAD");
    served = 0;
    const full = await fetchRaw({ "accept-encoding": "gzip" });
    expect(head.headers["content-encoding"]).toBe("gzip");
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(String(full.body.length));
  });
});

import { createHash, randomBytes } from "node:crypto";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createUserSession } from "#app/modules/auth/auth.server.ts";
import { upsertAdmin } from "#app/modules/auth/users.server.ts";
import { getEnv } from "#app/env.server.ts";
import { closePublicVersion, openVersionConnection, publicVersionKey, readPublicVersion, setVersionConnection } from "#app/modules/site/public-version.server.ts";
import { fakeServerBuild } from "./fake-server-build.test-support.ts";
import { PageCache } from "./page-cache.ts";
import { compressionFilter, createCachedRequestHandler, createPageCacheHits } from "./remix-handler.ts";

// The write gate, through the real handler, a real session in MySQL and the real version in
// Redis: a route whose action never asks who is signed in (it calls no getAdmin) still
// invalidates the cache when the admin sends it, and never when a guest does.

let written = 0;
const SCRIPTS = ["window.__context = {}", 'import "/assets/entry.js";'];
const PAGE = (nonce: string) =>
  `<!DOCTYPE html><html><body>${"<p>Dokra brass</p>".repeat(200)}<script type="application/ld+json" nonce="${nonce}">{"@type":"Product"}</script>` +
  `<script nonce="${nonce}">${SCRIPTS[0]}</script><script type="module" nonce="${nonce}">${SCRIPTS[1]}</script><script nonce="${nonce}" src="/assets/x.js"></script></body></html>`;
const build = fakeServerBuild({
    "routes/write": {
      id: "routes/write",
      parentId: "root",
      path: "write",
      module: { action: () => new Response(`write ${++written}`) },
    },
    "routes/page": {
      id: "routes/page",
      parentId: "root",
      path: "page",
      // A document as the app renders one: every inline script carries this response's nonce.
      module: {
        loader: ({ context }: { context: { cspNonce: string } }) =>
          new Response(PAGE(context.cspNonce), { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, no-cache" } }),
      },
    },
    "routes/public": {
      id: "routes/public",
      parentId: "root",
      path: "public",
      module: { loader: () => new Response(`written ${written} times`, { headers: { "Content-Type": "text/plain", "Cache-Control": "public, no-cache" } }) },
    },
  });

let origin = "";
let server: ReturnType<express.Express["listen"]>;
let adminCookie = "";
let requestsPastTheHits = 0;
/** GETs of the public version key on the real connection (counted, then sent on). */
let versionReads = 0;

beforeAll(async () => {
  const redis = openVersionConnection(getEnv().REDIS_URL);
  const get = redis.get.bind(redis);
  redis.get = ((key: string) => {
    if (key === publicVersionKey()) versionReads++;
    return get(key);
  }) as typeof redis.get;
  setVersionConnection(redis);
  const app = express();
  const cache = new PageCache();
  // The order of server/index.ts: hits first, then what only a render needs.
  app.use(createPageCacheHits(cache));
  app.use((_req, res, next) => {
    requestsPastTheHits++;
    res.locals.cspNonce = randomBytes(16).toString("base64");
    // The shape helmet gives it in server/index.ts.
    res.setHeader("Content-Security-Policy", `default-src 'self';script-src 'strict-dynamic' 'nonce-${res.locals.cspNonce}';script-src-attr 'none'`);
    next();
  });
  app.use(compression({ filter: compressionFilter }));
  app.all("*", createCachedRequestHandler({ build, mode: "production", cache }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const admin = await upsertAdmin("gate@dokra.test", "correct-horse-battery");
  adminCookie = (await createUserSession(admin, false)).split(";")[0]!;
  // The version connection opens on first use and queues nothing: wait until it answers.
  await vi.waitFor(async () => expect(await readPublicVersion()).not.toBeNull(), { timeout: 10_000 });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await closePublicVersion();
});

async function publicPage(): Promise<{ cache: string | null; text: string }> {
  const response = await fetch(`${origin}/public`);
  return { cache: response.headers.get("x-cache"), text: await response.text() };
}

async function write(cookie?: string): Promise<number> {
  const response = await fetch(`${origin}/write`, { method: "POST", headers: cookie ? { Cookie: cookie } : {} });
  await response.text();
  return response.status;
}

describe("the write gate", () => {
  it("bumps the version for an admin's write through a route that never calls getAdmin", async () => {
    await publicPage();
    const before = await readPublicVersion();
    expect((await publicPage()).cache).toBe("HIT");

    expect(await write(adminCookie)).toBe(200);

    expect(await readPublicVersion()).toBeGreaterThan(before!);
    const after = await publicPage();
    expect(after.cache).toBe("MISS");
    expect(after.text).toBe(`written ${written} times`);
  });

  it("never bumps for a guest's write or a forged session cookie", async () => {
    await publicPage();
    const before = await readPublicVersion();
    expect((await publicPage()).cache).toBe("HIT");

    expect(await write()).toBe(200);
    expect(await write("__dokra_session=forged")).toBe(200);

    expect(await readPublicVersion()).toBe(before);
    expect((await publicPage()).cache).toBe("HIT");
  });
});

describe("the hit path", () => {
  it("answers a current entry before the rest of the chain, and sends the rest on to render", async () => {
    await publicPage();
    const before = requestsPastTheHits;
    expect((await publicPage()).cache).toBe("HIT");
    expect((await publicPage()).cache).toBe("HIT");
    expect(requestsPastTheHits).toBe(before);

    expect(await write(adminCookie)).toBe(200);
    expect((await publicPage()).cache).toBe("MISS");
    expect(requestsPastTheHits).toBe(before + 2);
  });

  it("reads the version once for a page it holds at an older version, and once for a hit", async () => {
    await publicPage();
    expect((await publicPage()).cache).toBe("HIT");
    expect(await write(adminCookie)).toBe(200);

    versionReads = 0;
    expect((await publicPage()).cache).toBe("MISS");
    expect(versionReads).toBe(1);
    versionReads = 0;
    expect((await publicPage()).cache).toBe("HIT");
    expect(versionReads).toBe(1);
  });
});

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request with exactly these headers, the body as sent (not decoded). */
function raw(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(origin);
    httpRequest({ host: hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

/** Two hits in a row (other tests' writes may move the version on between them: try again). */
async function twoHits(path: string, headers: Record<string, string> = {}): Promise<[Raw, Raw]> {
  let pair: [Raw, Raw] | undefined;
  await vi.waitFor(async () => {
    await raw(path, headers);
    const first = await raw(path, headers);
    const second = await raw(path, headers);
    expect([first.headers["x-cache"], second.headers["x-cache"]]).toEqual(["HIT", "HIT"]);
    pair = [first, second];
  });
  return pair!;
}

const decode = (response: Raw): string => {
  const coding = response.headers["content-encoding"];
  const body = coding === "br" ? zlib.brotliDecompressSync(response.body) : coding === "gzip" ? zlib.gunzipSync(response.body) : response.body;
  return body.toString("utf8");
};

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("a cached page", () => {
  it("is the same bytes and headers on every hit, with no nonce and a CSP naming its inline scripts' hashes", async () => {
    const [first, second] = await twoHits("/page", { "Accept-Encoding": "br, gzip" });
    expect(second.body.equals(first.body)).toBe(true);
    for (const name of ["content-security-policy", "etag", "content-length", "content-encoding"]) expect(second.headers[name], name).toBe(first.headers[name]);
    const html = decode(first);
    expect(html).not.toContain("nonce");
    expect(html).toContain(SCRIPTS[0]);
    expect(first.headers["content-security-policy"]).toBe(`default-src 'self';script-src 'self' ${SCRIPTS.map(sha256).join(" ")};script-src-attr 'none'`);
    expect(first.headers["etag"]).toMatch(/^"[\w-]{27}"$/);
  });

  it("answers the MISS that stores it as it answers every hit", async () => {
    let miss: Raw | undefined;
    await vi.waitFor(async () => {
      expect(await write(adminCookie)).toBe(200);
      miss = await raw("/page");
      expect(miss.headers["x-cache"]).toBe("MISS");
    });
    const hit = await raw("/page");
    expect(hit.headers["x-cache"]).toBe("HIT");
    expect(hit.body.equals(miss!.body)).toBe(true);
    expect(hit.headers["content-security-policy"]).toBe(miss!.headers["content-security-policy"]);
  });

  it("is sent in the coding the client prefers, with its length, and Vary", async () => {
    const cases: Array<[string | undefined, string | undefined]> = [
      ["br, gzip", "br"],
      ["gzip, deflate, br", "br"],
      ["gzip;q=1, br;q=0.5", "gzip"],
      ["br;q=0, gzip", "gzip"],
      ["*", "br"],
      ["deflate", undefined],
      ["identity", undefined],
      [undefined, undefined],
    ];
    for (const [accept, coding] of cases) {
      const [hit] = await twoHits("/page", accept === undefined ? {} : { "Accept-Encoding": accept });
      expect(hit.headers["content-encoding"], accept).toBe(coding);
      expect(Number(hit.headers["content-length"]), accept).toBe(hit.body.length);
      expect(hit.headers["vary"], accept).toBe("Cookie, Accept-Encoding");
      expect(decode(hit), accept).toBe(PAGE("").replaceAll(' nonce=""', ""));
    }
  });

  it("answers HEAD with the length of the body GET would send", async () => {
    for (const accept of ["br", "gzip", "identity"]) {
      const [get] = await twoHits("/page", { "Accept-Encoding": accept });
      const head = await raw("/page", { "Accept-Encoding": accept }, "HEAD");
      expect(head.body.length).toBe(0);
      expect(head.headers["content-length"], accept).toBe(String(get.body.length));
      expect(head.headers["content-encoding"], accept).toBe(get.headers["content-encoding"]);
    }
  });

  it("answers If-None-Match with 304 and the policy that matches the stored body", async () => {
    const [hit] = await twoHits("/page", { "Accept-Encoding": "br" });
    const notModified = await raw("/page", { "Accept-Encoding": "br", "If-None-Match": hit.headers["etag"]! });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers["content-security-policy"]).toBe(hit.headers["content-security-policy"]);
  });

  it("keeps the per-response nonce and 'strict-dynamic' for a visitor it does not serve", async () => {
    const enquirer = { Cookie: "__dokra_enquiry=eyJ4Ijox" };
    const [one, two] = [await raw("/page", enquirer), await raw("/page", enquirer)];
    for (const response of [one, two]) {
      expect(response.headers["x-cache"]).toBe("BYPASS");
      const nonce = /'nonce-([^']+)'/.exec(String(response.headers["content-security-policy"]))![1]!;
      expect(response.headers["content-security-policy"]).toContain(`script-src 'strict-dynamic' 'nonce-${nonce}'`);
      expect(decode(response)).toBe(PAGE(nonce));
    }
    expect(one.headers["content-security-policy"]).not.toBe(two.headers["content-security-policy"]);
  });
});

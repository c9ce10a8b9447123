import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "#app/env.server.ts";
import { IMMUTABLE_CACHE_CONTROL, storageFromEnv } from "#app/modules/media/storage.server.ts";
import { localS3Env, startLocalS3, type LocalS3 } from "../scripts/local-s3.ts";
import { mediaFromStore, mediaRedirect } from "./media-proxy.ts";

// /media/* on the S3 driver, over real HTTP against s3rver: the bytes streamed from the
// store with the ranges video players ask for, and the redirect to MEDIA_PUBLIC_URL.

const root = await fs.mkdtemp(path.join(os.tmpdir(), "dokra-media-proxy-"));
const CDN = "https://cdn.example.test/media";
const bytes = randomBytes(200_000);
let s3: LocalS3;
let server: http.Server;
let origin = "";
let key = "";

beforeAll(async () => {
  s3 = await startLocalS3({ directory: path.join(root, "s3rver"), bucket: "proxy" });
  const storage = storageFromEnv(parseEnv({ ...localS3Env(s3), STORAGE_DIR: path.join(root, "scratch") }));
  ({ key } = await storage.putDerived(bytes, "mp4"));
  const app = express();
  app.use("/media", mediaFromStore(storage));
  app.use("/cdn-media", mediaRedirect(CDN));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await s3?.stop();
  await fs.rm(root, { recursive: true, force: true });
});

describe("/media/* streamed from the object store", () => {
  it("answers the whole file with its type, length, hash ETag and a year of caching", async () => {
    const response = await fetch(`${origin}/media/${key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("video/mp4");
    expect(response.headers.get("content-length")).toBe(String(bytes.length));
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("cache-control")).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(response.headers.get("etag")).toBe(`"${key.slice(3, key.lastIndexOf("."))}"`);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("answers a byte range with 206, Content-Range and just those bytes", async () => {
    const response = await fetch(`${origin}/media/${key}`, { headers: { Range: "bytes=1000-1999" } });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(response.headers.get("content-length")).toBe("1000");
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);

    const tail = await fetch(`${origin}/media/${key}`, { headers: { Range: `bytes=${bytes.length - 10}-` } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 10))).toBe(true);
  });

  it("refuses a range past the end with 416", async () => {
    const response = await fetch(`${origin}/media/${key}`, { headers: { Range: `bytes=${bytes.length + 10}-${bytes.length + 20}` } });
    expect(response.status).toBe(416);
  });

  it("answers a matching If-None-Match with 304 and HEAD with the length only", async () => {
    const etag = (await fetch(`${origin}/media/${key}`, { method: "HEAD" })).headers.get("etag")!;
    const notModified = await fetch(`${origin}/media/${key}`, { headers: { "If-None-Match": etag } });
    expect(notModified.status).toBe(304);
    const head = await fetch(`${origin}/media/${key}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(bytes.length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it("answers 404 for a key the store does not hold and for a name that is not a key", async () => {
    const missing = `${key.slice(0, 3)}${"0".repeat(40)}.mp4`;
    expect((await fetch(`${origin}/media/${missing}`)).status).toBe(404);
    for (const name of ["../originals/x", "ab/not-a-hash.webp", "index.html"]) {
      expect((await fetch(`${origin}/media/${name}`)).status, name).toBe(404);
    }
  });
});

describe("/media/* redirected to MEDIA_PUBLIC_URL", () => {
  it("answers a cacheable 301 to the same key there, and 404 for a name that is not a key", async () => {
    const response = await fetch(`${origin}/cdn-media/${key}`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(`${CDN}/${key}`);
    expect(response.headers.get("cache-control")).toBe(IMMUTABLE_CACHE_CONTROL);
    expect((await fetch(`${origin}/cdn-media/..%2Foriginals%2Fx`, { redirect: "manual" })).status).toBe(404);
  });
});

// How pages should link media on the S3 driver (docs/decisions/094-object-storage.md):
// /media/* streamed through a web process, /media/* redirected to MEDIA_PUBLIC_URL, or the
// store directly (the baseline, same run). Run: npx tsx bench/media-links.ts
import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon, { type Options, type Result } from "autocannon";
import express from "express";
import { S3Storage } from "../app/modules/media/s3-storage.server.ts";
import { mediaFromStore, mediaRedirect } from "../server/media-proxy.ts";
import { LOCAL_S3_CREDENTIALS, startLocalS3 } from "../scripts/local-s3.ts";

const dir = await fs.mkdtemp(path.join(os.tmpdir(), "dokra-bench-links-"));
const s3 = await startLocalS3({ directory: path.join(dir, "s3"), bucket: "bench" });
const storage = new S3Storage({
  endpoint: s3.endpoint,
  region: "us-east-1",
  bucket: "bench",
  ...LOCAL_S3_CREDENTIALS,
  forcePathStyle: true,
  scratchRoot: path.join(dir, "scratch"),
});
// A 960-wide WebP of a product photo is about 60 KB.
const { key } = await storage.putDerived(randomBytes(60 * 1024), "webp");
const direct = `${s3.endpoint}/bench/media`;

const app = express();
app.use("/proxy", mediaFromStore(storage));
app.use("/redirect", mediaRedirect(direct));
const server = http.createServer(app).listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
const web = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

const run = (url: string) =>
  new Promise<Result>((resolve, reject) => {
    const options: Options = { url, connections: 10, duration: 5 };
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });

const rows: [string, Result][] = [];
rows.push(["store directly (baseline)", await run(`${direct}/${key}`)]);
rows.push(["/media/* streamed through the web process", await run(`${web}/proxy/${key}`)]);
rows.push(["/media/* answered with a 301 to the store (redirect only)", await run(`${web}/redirect/${key}`)]);
const base = rows[0]![1].requests.average;
console.log("| how | req/s | p50 ms | p99 ms | ratio to the store | errors |\n|---|---|---|---|---|---|");
for (const [name, r] of rows) {
  console.log(`| ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${(r.requests.average / base).toFixed(2)} | ${r.errors + r.non2xx - (name.includes("301") ? r.non2xx : 0)} |`);
}
server.close();
await s3.stop();
await fs.rm(dir, { recursive: true, force: true });

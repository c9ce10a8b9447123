// The HTTP row's baseline: a bare Node `http` server answering each path with the very
// bytes and content type the app sent for it, from memory. The physical limit of this
// machine for these responses, as close as Node gets.
//
//   node --import tsx bench/bare-server.ts <port> <responses.json>
import { readFileSync } from "node:fs";
import http from "node:http";

interface Stored {
  path: string;
  contentType: string;
  /** Set for a compressed copy (br, gzip), served to requests that accept it, brotli first. */
  contentEncoding?: string;
  body: string;
}

const port = Number(process.argv[2]);
const stored = JSON.parse(readFileSync(process.argv[3]!, "utf8")) as Stored[];
const key = (path: string, encoding: string | undefined) => `${encoding ?? "identity"} ${path}`;
const responses = new Map(
  stored.map((s) => {
    const body = Buffer.from(s.body, "base64");
    const headers: Record<string, string> = { "Content-Type": s.contentType, "Content-Length": String(body.byteLength) };
    if (s.contentEncoding) headers["Content-Encoding"] = s.contentEncoding;
    return [key(s.path, s.contentEncoding), { body, headers }] as const;
  }),
);

http
  .createServer((req, res) => {
    const accepted = String(req.headers["accept-encoding"] ?? "");
    const copy = (encoding: string) => accepted.includes(encoding) && responses.get(key(req.url ?? "", encoding));
    const found = copy("br") || copy("gzip") || responses.get(key(req.url ?? "", undefined));
    if (!found) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, found.headers).end(found.body);
  })
  .listen(port, "127.0.0.1", () => process.send?.("listening"));

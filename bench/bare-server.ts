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
  body: string;
}

const port = Number(process.argv[2]);
const stored = JSON.parse(readFileSync(process.argv[3]!, "utf8")) as Stored[];
const responses = new Map(
  stored.map((s) => {
    const body = Buffer.from(s.body, "base64");
    return [s.path, { body, headers: { "Content-Type": s.contentType, "Content-Length": String(body.byteLength) } }] as const;
  }),
);

http
  .createServer((req, res) => {
    const found = responses.get(req.url ?? "");
    if (!found) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, found.headers).end(found.body);
  })
  .listen(port, "127.0.0.1", () => process.send?.("listening"));

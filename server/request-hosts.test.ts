import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "#app/env.server.ts";
import { hostNameOf, refuseUnacceptedHosts } from "./request-limits.ts";

// The accepted-hosts rule over real HTTP: a Host the shop does not answer to gets 400 before any
// page is made, so a link built on the visitor's address never carries a made-up host.

const servers: http.Server[] = [];

async function serve(source: Record<string, string>): Promise<number> {
  const app = express();
  app.use(refuseUnacceptedHosts(parseEnv(source)));
  app.get("/", (req, res) => res.type("text/plain").send(`served ${req.get("host")}`));
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return (server.address() as AddressInfo).port;
}

function get(port: number, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: "/", headers: { host } }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

let listed = 0;
let fromPublicUrl = 0;
let open = 0;

beforeAll(async () => {
  listed = await serve({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(20), ALLOWED_HOSTS: "dokrashilpa.in, WWW.dokrashilpa.in" });
  fromPublicUrl = await serve({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(20), PUBLIC_URL: "https://shop.example.in" });
  open = await serve({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(20) });
});

afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

describe("accepted hosts", () => {
  it("answers the listed hosts, with or without a port, and this machine's own names", async () => {
    for (const host of ["dokrashilpa.in", "www.dokrashilpa.in:443", "DOKRASHILPA.IN", "localhost:3000", "127.0.0.1"]) {
      expect(await get(listed, host), host).toEqual({ status: 200, body: `served ${host}` });
    }
  });

  it("refuses any other host with 400 and a plain reason", async () => {
    for (const host of ["evil.example", "dokrashilpa.in.evil.example", "192.168.1.20:3000"]) {
      const answer = await get(listed, host);
      expect(answer.status, host).toBe(400);
      expect(answer.body).toBe("This site does not answer to that host name.");
    }
  });

  it("takes PUBLIC_URL's host when ALLOWED_HOSTS is unset", async () => {
    expect((await get(fromPublicUrl, "shop.example.in")).status).toBe(200);
    expect((await get(fromPublicUrl, "other.example.in")).status).toBe(400);
  });

  it("answers every host in production when neither is set, trusting none of them in links", async () => {
    expect((await get(open, "anything.example")).status).toBe(200);
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(20) }).ALLOWED_HOSTS).toBeNull();
  });

  it("in development accepts only this machine until a host is named", () => {
    expect(parseEnv({ NODE_ENV: "development" }).ALLOWED_HOSTS).toEqual([]);
    expect(hostNameOf("[::1]:3000")).toBe("[::1]");
    expect(hostNameOf("shop.in:443")).toBe("shop.in");
  });
});

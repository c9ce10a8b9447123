// React 18's streaming renderer sent a 2 KB view's unused end (NUL bytes) wherever a character of
// several bytes fell across the view's edge: Bengali and Hindi pages carried them into alt texts
// and titles. Fixed by the patch of react-dom (patches/README.md).
import { createRequire } from "node:module";
import path from "node:path";
import { Writable } from "node:stream";
import { createElement, Fragment } from "react";
import { renderToString } from "react-dom/server";
import type * as ReactDomServer from "react-dom/server";
import { expect, it } from "vitest";

type Renderer = typeof ReactDomServer;
const load = createRequire(import.meta.url);
const builds = path.join(path.dirname(load.resolve("react-dom/package.json")), "cjs");
// Both builds: tests load the development one, the server in production the minified one.
const RENDERERS: Record<string, Renderer> = {
  development: load(path.join(builds, "react-dom-server.node.development.js")) as Renderer,
  production: load(path.join(builds, "react-dom-server.node.production.min.js")) as Renderer,
};

function streamed({ renderToPipeableStream }: Renderer, element: ReturnType<typeof createElement>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks));
        done();
      },
    });
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(sink), onError: reject });
  });
}

it("a streamed page in Bengali and Hindi has no NUL byte, and is the same text as rendered whole", async () => {
  for (const [build, renderer] of Object.entries(RENDERERS)) {
    for (const shift of ["", "x", "xy"]) {
      const page = createElement(
        Fragment,
        null,
        shift,
        Array.from({ length: 400 }, (_, i) => createElement("span", { key: i, title: i % 2 ? "হাতির পরিবার" : "माँ दुर्गा का मुख" }, i % 2 ? "ডোকরা" : "ढोकरा")),
      );
      const bytes = await streamed(renderer, page);
      expect({ build, shift, nul: bytes.indexOf(0) }).toEqual({ build, shift, nul: -1 });
      expect(bytes.toString("utf8")).toBe(renderToString(page));
    }
  }
});

import { readFile } from "node:fs/promises";
import { get } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { TRANSLATED_LANGUAGES, pathInLang } from "../app/modules/i18n/languages.ts";

// The JavaScript a storefront page makes the browser load, gzipped: every module the
// server-rendered HTML names (modulepreload links, module script src, and the static and
// dynamic imports of its inline module script, which include the client entry) and the files of
// the on-demand parts it shows, each file counted as the server sends it to a client that
// accepts only gzip.
// Usable as a library (the bench harness imports measurePageJs) and as a command:
//   tsx bench/js-budget.ts [--base http://localhost:3000] [--build build] [--budget 90] [path ...]

/** 1 KB here is 1,024 bytes (KiB, as Lighthouse counts). */
export const KB = 1024;
export const JS_BUDGET_KB = 90;

export interface JsFile {
  /** URL path, e.g. /assets/entry.client-abc.js */
  url: string;
  bytes: number;
  gzipBytes: number;
}

export interface PageJs {
  path: string;
  status: number;
  files: JsFile[];
  bytes: number;
  gzipBytes: number;
}

const ATTR = (name: string) => new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`, "i");

/** The same-origin .js URLs an HTML page loads as modules, in first-seen order, without duplicates. */
export function scriptUrlsFromHtml(html: string): string[] {
  const urls: string[] = [];
  const add = (url: string | undefined) => {
    if (!url) return;
    const clean = url.replace(/&amp;/g, "&");
    if (!clean.startsWith("/") || clean.startsWith("//") || !/\.m?js(\?|$)/.test(clean)) return;
    if (!urls.includes(clean)) urls.push(clean);
  };
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/\brel\s*=\s*"modulepreload"/i.test(tag)) add(ATTR("href").exec(tag)?.[1]);
  }
  for (const [, attrs = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    add(ATTR("src").exec(attrs)?.[1]);
    if (!/\btype\s*=\s*"module"/i.test(attrs)) continue;
    // Static and dynamic imports, and the paths of the list the script preloads before importing.
    // The inline route manifest names the modules of routes the page links to: those load only on a visit.
    const code = body.replace(/window\.__remixManifest\s*=\s*\{[\s\S]*?\};\s*(?=window\.__remixRouteModules)/, "");
    for (const m of code.matchAll(/["'](\/[^"'\s]+\.m?js)["']/g)) add(m[1]);
  }
  return urls;
}

/**
 * Each URL's size in the build (`<buildDir>/client`) and on the wire from `baseUrl` to a
 * client that accepts only gzip: the server's prebuilt zopfli copy, or its own compression.
 */
export async function measureFiles(urls: string[], buildDir: string, baseUrl: string): Promise<JsFile[]> {
  return Promise.all(
    urls.map(async (url) => {
      const content = await readBuildScript(buildDir, url);
      return { url, bytes: content.length, gzipBytes: await gzipWireBytes(new URL(url, baseUrl)) };
    }),
  );
}

/** A script a page loads (its URL path), as the build holds it under `<buildDir>/client`. */
async function readBuildScript(buildDir: string, url: string): Promise<Buffer> {
  const clientDir = path.resolve(buildDir, "client");
  const file = path.join(clientDir, decodeURIComponent(url.split("?")[0]!));
  if (!file.startsWith(clientDir + path.sep)) throw new Error(`script outside the build's client folder: ${url}`);
  return readFile(file).catch(() => {
    throw new Error(`the page loads ${url} but ${file} does not exist: is --build the directory the server runs from?`);
  });
}

/** Body bytes as sent (not decoded) to a client that accepts gzip; identity answers count as they are. */
function gzipWireBytes(url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": "gzip" } }, (response) => {
      if (response.statusCode !== 200) reject(new Error(`${url.pathname}: status ${response.statusCode}`));
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => resolve(bytes));
      response.on("error", reject);
    }).on("error", reject);
  });
}

/**
 * The files of the on-demand parts an HTML page shows (`data-on-demand`, app/components/ui/on-demand.tsx),
 * which the browser's entry loads before it hydrates: each part's file, imported by one of the page's
 * modules under the part's name, and the files it imports.
 */
export async function onDemandUrls(html: string, pageUrls: string[], buildDir: string): Promise<string[]> {
  // A kept part (data-keep) stays the server's HTML: the page loads no code for it.
  const parts = [...html.matchAll(/<div\b[^>]*\bdata-on-demand="([^"]+)"[^>]*>/g)].filter(([tag]) => !/\sdata-keep\b/.test(tag));
  const names = [...new Set(parts.map((match) => match[1]!))];
  if (names.length === 0) return [];
  const read = async (url: string) => (await readBuildScript(buildDir, url)).toString("utf8");
  const resolve = (specifier: string, from: string) => new URL(specifier, new URL(from, "http://build")).pathname;
  const sources = await Promise.all(pageUrls.map(read));
  const found: string[] = [];
  const add = async (url: string): Promise<void> => {
    if (pageUrls.includes(url) || found.includes(url)) return;
    found.push(url);
    const code = await read(url);
    for (const match of code.matchAll(/\b(?:from|import)\s*"(\.\.?\/[^"]+\.js)"/g)) await add(resolve(match[1]!, url));
  };
  for (const name of names) {
    // A part is named as its file (notify-form: notify-form.tsx, built as notify-form-<hash>.js).
    const loader = new RegExp(`import\\("(\\.\\.?\\/${name.replace(/[^\w-]/g, "")}-[\\w-]{8}\\.js)"\\)`);
    const index = sources.findIndex((code) => loader.test(code));
    if (index === -1) throw new Error(`the page shows the on-demand part "${name}" but none of its modules imports ${name}-<hash>.js`);
    await add(resolve(loader.exec(sources[index]!)![1]!, pageUrls[index]!));
  }
  return found;
}

/** Fetches one page from a running server and measures the JavaScript it loads before it is interactive. */
export async function measurePageJs(baseUrl: string, pagePath: string, buildDir: string): Promise<PageJs> {
  const response = await fetch(new URL(pagePath, baseUrl), { headers: { accept: "text/html" } });
  const html = await response.text();
  const named = scriptUrlsFromHtml(html);
  const files = await measureFiles([...named, ...(await onDemandUrls(html, named, buildDir))], buildDir, baseUrl);
  return {
    path: pagePath,
    status: response.status,
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
  };
}

/** The storefront pages worth measuring: the fixed ones plus the first product of a listing. */
export async function storefrontPaths(baseUrl: string, listing = "/product/wall-hanging"): Promise<string[]> {
  const html = await (await fetch(new URL(listing, baseUrl))).text();
  const product = new RegExp(`href="(${listing}/\\d+)"`).exec(html)?.[1];
  if (!product) throw new Error(`no product link on ${listing}: is the catalogue seeded?`);
  // The Bengali and Hindi home and product pages carry their own strings: held to the same budget.
  const translated = TRANSLATED_LANGUAGES.flatMap((lang) => [pathInLang("/", lang), pathInLang(product, lang)]);
  return ["/", listing, product, "/about", "/gallery", "/contact", "/privacy-policy", "/no-such-page", ...translated];
}

const kb = (bytes: number) => (bytes / KB).toFixed(1);

async function main() {
  const args = process.argv.slice(2);
  const option = (name: string, fallback: string) => {
    const i = args.indexOf(`--${name}`);
    if (i === -1) return fallback;
    const [value] = args.splice(i, 2).slice(1);
    if (!value) throw new Error(`--${name} needs a value`);
    return value;
  };
  const verbose = args.includes("--files");
  const rest = () => args.filter((a) => a !== "--files");
  const base = option("base", `http://localhost:${process.env.PORT ?? 3000}`);
  const build = option("build", process.env.BUILD_DIR ?? "build");
  const budget = Number(option("budget", String(JS_BUDGET_KB)));
  if (!Number.isFinite(budget) || budget <= 0) throw new Error("--budget must be a positive number of KB");
  const paths = rest().length > 0 ? rest() : await storefrontPaths(base);
  let over = 0;
  console.log(`JavaScript per page, gzipped (1 KB = 1024 B), budget ${budget} KB, from ${base} and ${build}/client`);
  for (const p of paths) {
    const page = await measurePageJs(base, p, build);
    const ok = page.gzipBytes <= budget * KB;
    if (!ok) over++;
    console.log(`${ok ? "ok  " : "OVER"} ${kb(page.gzipBytes).padStart(6)} KB gz ${kb(page.bytes).padStart(7)} KB raw  ${page.files.length} files  ${p} (${page.status})`);
    if (verbose) for (const f of [...page.files].sort((a, b) => b.gzipBytes - a.gzipBytes)) console.log(`       ${kb(f.gzipBytes).padStart(6)}  ${f.url}`);
  }
  process.exitCode = over > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
  });
}

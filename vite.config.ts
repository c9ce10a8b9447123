import { vitePlugin as remix } from "@remix-run/dev";
import { gzipAsync } from "@gfx/zopfli";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

// Code every storefront page runs (root, the shop layout and the components and rules they
// share) ships as one chunk: one request and one gzip stream instead of a dozen tiny ones
// (docs/decisions/042-storefront-weight.md). Route modules stay their own chunks, and so do the
// parts only some pages show (the on-demand loader, a form's submit button, server-kept HTML).
const STOREFRONT_SHARED =
  /[\\/]app[\\/](root\.tsx|routes[\\/]_shop\.tsx|components[\\/](nonce\.tsx|ui[\\/](headed-section|paragraphs|picture|placeholder|use-hydrated)\.tsx?|shop[\\/](layout|not-found|enquiry-link)\.tsx)|modules[\\/](catalog[\\/](format|categories)\.ts|site[\\/](links|seo)\.ts))/;
// The prices, pictures and enquiry buttons of home, listings and product pages, and "Copy link"
// (product page and enquiry list; a file of its own cost them more than its bytes here cost home
// and listings, decision 129): one more chunk.
const STOREFRONT_CATALOG =
  /[\\/]app[\\/](components[\\/]shop[\\/](price|product-image|icons|enquiry|piece-state|copy-button)\.tsx|modules[\\/]catalog[\\/](translations|held-back)\.ts)$/;
// The cards, filter, order and page links of listings and search results: their own chunk, so
// pages without a listing (home, a product page) do not load them.
const STOREFRONT_LISTING = /[\\/]app[\\/](components[\\/]shop[\\/](product-listing|product-card)\.tsx|modules[\\/]catalog[\\/]listing-query\.ts)$/;

/**
 * Moves the license comments of bundled libraries (React, Remix: 22 of them, ~2.3 KB
 * gzipped on every page) out of the browser's chunks into one served file,
 * /assets/third-party-licenses.txt, so the notices are still published with the code.
 * They are taken before minification: terser drops the ones that head a CommonJS file
 * (React's), which would otherwise be lost.
 */
function thirdPartyLicenses(): Plugin {
  // Block comments of whole " * " lines, as the libraries write them.
  const BLOCK = /\/\*\*?!?\n(?: \*(?!\/)(?:(?!\*\/)[^\n])*\n)+ \*\//g;
  const notices = new Set<string>();
  return {
    name: "third-party-licenses",
    apply: "build",
    buildStart() {
      notices.clear();
    },
    renderChunk(code) {
      if (this.environment.name === "ssr") return null;
      const stripped = code.replace(BLOCK, (comment) => {
        if (!/@license|@preserve|[Cc]opyright/.test(comment)) return comment;
        notices.add(comment.replace(/^\/\*+!?|\*\/$/g, "").replace(/^\s*\* ?/gm, "").trim());
        return "";
      });
      return stripped === code ? null : { code: stripped, map: null };
    },
    generateBundle() {
      if (this.environment.name === "ssr" || notices.size === 0) return;
      this.emitFile({
        type: "asset",
        fileName: "assets/third-party-licenses.txt",
        source: `Licenses of the libraries bundled into this site's JavaScript.\n\n${[...notices].join("\n\n----\n\n")}\n`,
      });
    },
  };
}

/**
 * Vite wraps each import() of the browser's code in a helper that first loads the imported file's
 * dependencies and CSS: 0.6 KB gzipped on a product page. Its on-demand parts
 * (app/components/ui/on-demand.tsx) import only code their page has already loaded, and with
 * `modulePreload: false` Vite gives the helper nothing to load, so it is made a plain call. A
 * build whose import() would need a file loaded first fails here instead of breaking a page.
 */
function plainDynamicImports(): Plugin {
  const HELPER = "\0vite/preload-helper.js";
  return {
    name: "plain-dynamic-imports",
    apply: "build",
    enforce: "pre",
    load(id) {
      if (id === HELPER && this.environment.name !== "ssr") return "export const __vitePreload = (load) => load();";
    },
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        if (this.environment.name === "ssr") return;
        for (const chunk of Object.values(bundle)) {
          // The list of files to load first: written out, or (CSS) Vite's mapping of them.
          const needs = chunk.type === "chunk" ? /import\("[^"]+"\),(\[[^\]]|__vite__mapDeps)/.exec(chunk.code) : null;
          if (needs) this.error(`${chunk.fileName}: ${needs[0]}…: an import() whose file needs another loaded first`);
        }
      },
    },
  };
}

/**
 * Marks the storefront's scripts for eager compilation (V8's explicit compile hints, the
 * `//# allFunctionsCalledOnLoad` comment, Chrome and Android's browser since 136): their
 * functions nearly all run while the page hydrates, and compiled while the file streams in, on
 * a background thread, they no longer stop the main thread one by one on first call
 * (docs/decisions/121-no-locale-data-on-load.md). Added after terser, which drops comments.
 */
const COMPILE_HINT_MIN_BYTES = 4 * 1024;

function storefrontCompileHints(): Plugin {
  const STOREFRONT_CHUNKS = new Set(["shop", "shop-catalog", "shop-listing"]);
  // A route module's id carries Remix's query (`…/_shop.about.tsx?__remix-build-client-route`).
  const STOREFRONT_ROUTE = /[\\/]app[\\/](root\.tsx|routes[\\/]_shop[^\\/]*\.tsx|entry\.client\.tsx)(\?|$)/;
  return {
    name: "storefront-compile-hints",
    apply: "build",
    renderChunk: {
      order: "post",
      handler(code, chunk) {
        if (this.environment.name === "ssr") return null;
        if (!STOREFRONT_CHUNKS.has(chunk.name) && !STOREFRONT_ROUTE.test(chunk.facadeModuleId ?? "")) return null;
        // A small file (the root's and the layouts' re-exports, the client entry) has little to
        // compile, and the comment costs its 30 bytes gzipped on every page that loads the file.
        if (code.length < COMPILE_HINT_MIN_BYTES) return null;
        return { code: `//# allFunctionsCalledOnLoad\n${code}`, map: null };
      },
    },
  };
}

/**
 * The processes production runs, built with the Remix server build in one Rollup graph
 * (docs/decisions/102-one-built-copy.md): each app module is one shared chunk, so the web
 * process's Express layer and the pages it serves use the same logger, Redis client, storage and
 * error classes. `node build/server/web.js` is the web server, `worker.js` the media worker.
 */
export const PROCESS_ENTRIES = {
  web: "server/index.ts",
  worker: "workers/index.ts",
  migrate: "scripts/migrate.ts",
  seed: "scripts/seed/index.ts",
  supervise: "scripts/supervise.ts",
  "reset-db": "scripts/reset-db.ts",
  admin: "scripts/admin.ts",
  backup: "scripts/backup.ts",
  restore: "scripts/restore.ts",
};

function processEntries(): Plugin {
  return {
    name: "process-entries",
    apply: (_config, env) => env.command === "build" && env.isSsrBuild === true,
    options(options) {
      return { ...options, input: { index: options.input as string, ...PROCESS_ENTRIES } };
    },
    outputOptions(output) {
      return { ...output, entryFileNames: (chunk) => (chunk.name === "index" ? "index.js" : "[name].js") };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tailwindcss(),
    remix({
      buildDirectory: process.env.BUILD_DIR ?? "build",
      ignoredRouteFiles: ["**/*.test.ts", "**/*.test.tsx", "**/.*"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    thirdPartyLicenses(),
    plainDynamicImports(),
    storefrontCompileHints(),
    processEntries(),
    // Scripts and styles are compressed once, at build time, as hard as the formats allow
    // (brotli 11; gzip by zopfli, ~3 % smaller than zlib -9) and served as they are
    // (server/index.ts): fewer bytes for phones on slow networks, no CPU per request. Small files
    // too, at the plugin's defaults (the server's own compression skips those under 1 KB; "Copy
    // link"'s 767 B become 0.4 KB), unless the compressed copy would be no smaller.
    ...(isSsrBuild
      ? []
      : [
          compression({
            include: /\.(js|css|txt)$/,
            algorithms: [
              defineAlgorithm(async (buf) => Buffer.from(await gzipAsync(buf as Uint8Array, { numiterations: 15 })), {}),
              defineAlgorithm("brotliCompress"),
            ],
            logLevel: "silent",
          }),
        ]),
  ],
  build: {
    target: "es2022",
    // The browser's code is minified by terser rather than esbuild: its mangling (one naming
    // over the whole chunk, React's pre-minified code included) and a second compress pass
    // make the gzipped pages ~3.5 KB smaller for a few seconds of build (decision 042).
    // The server build stays unminified.
    ...(isSsrBuild
      ? {}
      : { minify: "terser" as const, terserOptions: { ecma: 2020 as const, safari10: false, compress: { passes: 2 } } }),
    // An on-demand part's file (app/components/ui/on-demand.tsx) imports only what the page has
    // already loaded: no list of files to preload beside it. Vite still wraps the import() in its
    // preload helper (docs/decisions/124-code-only-for-what-the-page-shows.md).
    ...(isSsrBuild ? {} : { modulePreload: false as const }),
    rollupOptions: isSsrBuild
      ? undefined
      : {
          output: {
            manualChunks: (id: string) =>
              STOREFRONT_SHARED.test(id)
                ? "shop"
                : STOREFRONT_CATALOG.test(id)
                  ? "shop-catalog"
                  : STOREFRONT_LISTING.test(id)
                    ? "shop-listing"
                    : undefined,
          },
        },
  },
  server: { port: 3000 },
}));

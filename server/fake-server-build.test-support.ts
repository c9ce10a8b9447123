import type { ServerBuild } from "@remix-run/node";

/** A Remix server build of the given routes (no documents, no assets), for tests of the request handler. */
export function fakeServerBuild(routes: Record<string, unknown>): ServerBuild {
  return {
    mode: "production",
    entry: { module: { default: () => new Response("no documents here", { status: 500 }) } },
    routes: { root: { id: "root", path: "", module: {} }, ...routes },
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    isSpaMode: false,
  } as unknown as ServerBuild;
}

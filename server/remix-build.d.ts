// The Remix server build, which the production build of server/index.ts imports (vite.config.ts).
declare module "virtual:remix/server-build" {
  const build: unknown;
  export = build;
}

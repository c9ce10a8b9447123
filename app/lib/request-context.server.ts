import { AsyncLocalStorage } from "node:async_hooks";

/** What one web request has learned while it ran; read by the server once Remix answered. */
export interface RequestContext {
  /** A signed-in admin sent a state-changing request: the public pages may have changed. */
  adminWrite: boolean;
}

// One store per process, kept on globalThis: the server (server/index.ts) and the Remix
// build (which bundles its own copy of this module) must see the same one.
const globalForContext = globalThis as unknown as { __dokraRequestContext?: AsyncLocalStorage<RequestContext> };
globalForContext.__dokraRequestContext ??= new AsyncLocalStorage<RequestContext>();
const storage = globalForContext.__dokraRequestContext;

/** Runs `fn` with a fresh context; the server wraps each Remix request in it. */
export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The current request's context, or undefined outside a request (scripts, the worker, tests). */
export function getRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Marks the current request as an admin write when it is one (not GET/HEAD); a no-op outside a request. */
export function noteAdminRequest(method: string): void {
  if (method === "GET" || method === "HEAD") return;
  const context = storage.getStore();
  if (context) context.adminWrite = true;
}

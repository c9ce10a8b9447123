import { logger } from "#app/lib/logger.server.ts";
import { getAdmin } from "#app/modules/auth/auth.server.ts";
import { hasSessionCookie } from "./page-cache.ts";

// The one write gate for the page cache: any state-changing request (pages and /api/v1 alike)
// from a signed-in admin may change public pages, so the server bumps the public version
// once Remix has answered it (server/remix-handler.ts). Decided here, before the route runs,
// whatever the route itself calls. Anonymous writes (the contact form, a login) never bump.

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether `request` is a write by a signed-in admin (checked against the session store). */
export async function isAdminWrite(request: Request): Promise<boolean> {
  if (READS.has(request.method)) return false;
  const cookie = request.headers.get("cookie");
  if (!cookie || !hasSessionCookie(cookie)) return false;
  try {
    return (await getAdmin(request)) !== null;
  } catch (error) {
    // The session store is unreachable: a spare bump costs renders, a missed one shows stale pages.
    logger.warn({ err: error, url: request.url }, "could not check the session of a write; the public version will be bumped");
    return true;
  }
}

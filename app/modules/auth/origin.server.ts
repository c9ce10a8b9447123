import { getEnv } from "#app/env.server.ts";

/**
 * Whether a state-changing request was started by a page on another site. Browsers
 * send Origin on every POST/PUT/DELETE and Sec-Fetch-Site on modern engines; a
 * request with neither is not from a browser, so it cannot ride a visitor's cookies.
 */
export function isCrossSite(
  headers: { origin?: string | null; secFetchSite?: string | null },
  ownOrigin: string,
): boolean {
  const { origin, secFetchSite } = headers;
  if (secFetchSite && secFetchSite !== "same-origin" && secFetchSite !== "none") return true;
  if (!origin) return false;
  return origin !== ownOrigin && origin !== new URL(getEnv().PUBLIC_URL).origin;
}

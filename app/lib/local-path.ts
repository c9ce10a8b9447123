const BASE = "http://dokra.invalid";

/**
 * Where a redirect may go, decided by parsing as a browser would (it drops tabs and newlines,
 * so "/\t/evil" is "//evil", and reads backslashes as slashes): kept only when it stays on
 * this site and `allowed` accepts its path, else `fallback`. Other control characters are
 * refused. The result is the parsed, percent-encoded form, so any other character (a space,
 * é, a zero-width space) makes a valid Location header.
 */
export function localRedirectPath(to: unknown, fallback: string, allowed: (pathname: string) => boolean = () => true): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (typeof to !== "string" || !to.startsWith("/") || /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  // "/.//evil" parses to the path "//evil": as a Location that is another host.
  if (url.origin !== BASE || url.pathname.startsWith("//") || !allowed(url.pathname)) return fallback;
  return url.pathname + url.search + url.hash;
}

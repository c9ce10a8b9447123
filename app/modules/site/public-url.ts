/** Host names that only this machine can reach. */
function isLocalHost(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    /^127(\.\d{1,3}){3}$/.test(hostname) ||
    hostname === "0.0.0.0" ||
    hostname === "[::1]"
  );
}

/**
 * Why PUBLIC_URL must be set, or null once it names an address visitors can reach.
 * It is the parsed value, so "unset" shows as its default, http://localhost:<PORT>.
 */
export function publicUrlWarning(publicUrl: string): string | null {
  if (!isLocalHost(new URL(publicUrl).hostname)) return null;
  return (
    `PUBLIC_URL is unset or points at this machine (${publicUrl}): WhatsApp messages, OpenGraph links and images, ` +
    `canonical links and the sitemap send visitors there, where nothing answers. Set PUBLIC_URL in .env to the ` +
    `address visitors use, such as https://dokrashilpa.in or http://192.168.1.20:3000, and restart.`
  );
}

import { SHOP_DETAILS_TEXT } from "./shop-details-texts.ts";

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
 * Why the shop's public address must be set, or null once it names an address visitors can
 * reach. `set` false: nothing set it (Shop details, PUBLIC_URL) and `publicUrl` stands in.
 */
export function publicUrlWarning(publicUrl: string, set = true): string | null {
  if (!isLocalHost(new URL(publicUrl).hostname)) return set ? null : SHOP_DETAILS_TEXT.publicUrlUnset(publicUrl);
  return (
    `The shop's public address points at this machine (${publicUrl}): WhatsApp messages, OpenGraph links and images, ` +
    `canonical links and the sitemap send visitors there, where nothing answers. Set the address visitors use, ` +
    `such as https://dokrashilpa.in, in the dashboard's Shop details.`
  );
}

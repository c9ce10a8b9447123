import type { Express } from "express";

/**
 * The address the throttles count. Forwarded headers are believed only from the proxies
 * named in TRUST_PROXY (none by default): then Express takes the hop the nearest trusted
 * proxy appended to X-Forwarded-For, never what the client wrote before it.
 */
export function applyClientAddress(app: Express, trustedProxies: string[]): void {
  app.set("trust proxy", trustedProxies.length > 0 ? trustedProxies : false);
  app.use((req, _res, next) => {
    // Always overwritten here, so a client cannot choose the address the throttles see.
    req.headers["x-dokra-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });
}

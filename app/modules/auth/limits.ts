// Client-safe rules of the admin's account, read by the settings (app/env.server.ts) and the
// admin CLI (scripts/admin.ts) alike.

/** The shortest password an admin account may be given. */
export const ADMIN_PASSWORD_MIN_CHARS = 10;

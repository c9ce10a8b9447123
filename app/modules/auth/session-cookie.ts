/**
 * The admin session cookie's name. The session storage sets it, the page cache bypasses
 * any request that carries it, and the OpenAPI document names it: one constant, so a
 * rename cannot make the cache serve the admin as a guest.
 */
export const SESSION_COOKIE_NAME = "__dokra_session";

import { randomBytes } from "node:crypto";
import { createCookie, createSessionStorage } from "@remix-run/node";
import { readCookieHeader } from "#app/lib/render-context.server.ts";
import { type Env, getEnv } from "#app/env.server.ts";
import { getShopSettings } from "#app/modules/site/settings.server.ts";
import { getDb } from "#db/index.ts";
import { SESSION_COOKIE_NAME } from "./session-cookie.ts";

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 3600;

type SessionData = { userId: number };
type FlashData = { toast: string };

function newSessionId(): string {
  return randomBytes(32).toString("base64url"); // 43 characters
}

/**
 * Secure follows the address visitors use, not NODE_ENV: a shop served over plain http on
 * its own network (http://192.168.1.20:3000) must still let the owner sign in from a phone.
 */
export function sessionCookie(env: Pick<Env, "PUBLIC_URL" | "SESSION_SECRET">) {
  return signedCookie(SESSION_COOKIE_NAME, SESSION_MAX_AGE_SECONDS, env);
}

const httpsPublicUrl = (env: Pick<Env, "PUBLIC_URL">) => new URL(env.PUBLIC_URL).protocol === "https:";

/** A cookie signed with the session secret (HttpOnly, SameSite=Lax, Secure on an https PUBLIC_URL). */
export function signedCookie(name: string, maxAgeSeconds: number, env: Pick<Env, "PUBLIC_URL" | "SESSION_SECRET">) {
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    secure: httpsPublicUrl(env),
    path: "/",
    maxAge: maxAgeSeconds,
    secrets: [env.SESSION_SECRET],
  });
}

// Cookies belong to a host name, whatever the port; "dokrashilpa.in." is the same host.
const hostNameOf = (url: URL) => url.hostname.replace(/\.$/, "");

/**
 * Whether the cookies given in answer to this request are Secure: on an https PUBLIC_URL (as
 * signedCookie), on a request that came over https, and on a request to the https public
 * address set in Shop details. The owner's phone on the workshop's own network
 * (http://192.168.1.20:3000) still signs in after she sets https://dokrashilpa.in there:
 * a browser drops a Secure cookie given over plain http.
 */
export async function secureCookiesFor(request: Request): Promise<boolean> {
  const reached = new URL(request.url);
  const publicUrl = new URL((await getShopSettings()).publicUrl);
  return (
    httpsPublicUrl(getEnv()) ||
    reached.protocol === "https:" ||
    (publicUrl.protocol === "https:" && hostNameOf(publicUrl) === hostNameOf(reached))
  );
}

function build() {
  const cookie = sessionCookie(getEnv());
  // The cookie carries only the random id; the data stays in MySQL.
  return createSessionStorage<SessionData, FlashData>({
    cookie,
    async createData(data, expires) {
      const id = newSessionId();
      await getDb()
        .insertInto("sessions")
        .values({
          id,
          admin_user_id: typeof data.userId === "number" ? data.userId : null,
          data: JSON.stringify(data),
          expires_at: expires ?? new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
        })
        .execute();
      return id;
    },
    async readData(id) {
      const row = await getDb()
        .selectFrom("sessions")
        .select(["data", "expires_at"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row || row.expires_at.getTime() <= Date.now()) return null;
      return row.data as Partial<SessionData & FlashData>;
    },
    async updateData(id, data, expires) {
      await getDb()
        .updateTable("sessions")
        .set({
          data: JSON.stringify(data),
          admin_user_id: typeof data.userId === "number" ? data.userId : null,
          ...(expires ? { expires_at: expires } : {}),
        })
        .where("id", "=", id)
        .execute();
    },
    async deleteData(id) {
      await getDb().deleteFrom("sessions").where("id", "=", id).execute();
    },
  });
}

let storage: ReturnType<typeof build> | undefined;

export function getSessionStorage() {
  storage ??= build();
  return storage;
}

export function getSession(request: Request) {
  return getSessionStorage().getSession(readCookieHeader(request));
}

export async function deleteExpiredSessions(): Promise<number> {
  const result = await getDb().deleteFrom("sessions").where("expires_at", "<", new Date()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Signs out every session of one admin (after a password reset); how many there were. */
export async function deleteSessionsOf(adminUserId: number): Promise<number> {
  const result = await getDb().deleteFrom("sessions").where("admin_user_id", "=", adminUserId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

import { getDb } from "#db/index.ts";
import { getDecoyHash, hashPassword, verifyPassword } from "./password.server.ts";

export interface AdminUser {
  id: number;
  email: string;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Creates the admin or sets a new password for an existing one. */
export async function upsertAdmin(email: string, password: string): Promise<AdminUser> {
  const db = getDb();
  const normalized = normalizeEmail(email);
  const passwordHash = await hashPassword(password);
  await db
    .insertInto("admin_users")
    .values({ email: normalized, password_hash: passwordHash })
    .onDuplicateKeyUpdate({ password_hash: passwordHash })
    .execute();
  const user = await db.selectFrom("admin_users").select(["id", "email"]).where("email", "=", normalized).executeTakeFirstOrThrow();
  return user;
}

export async function findAdminByEmail(email: string): Promise<AdminUser | undefined> {
  return getDb().selectFrom("admin_users").select(["id", "email"]).where("email", "=", normalizeEmail(email)).executeTakeFirst();
}

export async function findAdminById(id: number): Promise<AdminUser | undefined> {
  return getDb().selectFrom("admin_users").select(["id", "email"]).where("id", "=", id).executeTakeFirst();
}

/** The user for a correct email and password, else null; unknown emails cost the same time. */
export async function verifyLogin(email: string, password: string): Promise<AdminUser | null> {
  const user = await getDb()
    .selectFrom("admin_users")
    .select(["id", "email", "password_hash"])
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  const ok = await verifyPassword(user?.password_hash ?? (await getDecoyHash()), password);
  return user && ok ? { id: user.id, email: user.email } : null;
}

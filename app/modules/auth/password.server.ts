import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id recommendation: 19 MiB of memory, 2 iterations, 1 lane.
// argon2id is the library's default algorithm.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A real hash to verify against when the email is unknown, so both cases take the same time.
let decoyHash: Promise<string> | undefined;
export function getDecoyHash(): Promise<string> {
  decoyHash ??= hashPassword("decoy-password-for-unknown-users");
  return decoyHash;
}

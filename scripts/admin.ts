// Create the admin or reset a password:
//   npm run admin -- create <email>
//   npm run admin -- reset-password <email>
// The password comes from ADMIN_PASSWORD, else a hidden prompt on a terminal, else the first line of stdin.
import { createInterface } from "node:readline";
import { z } from "zod";
import { loadEnvOrExit } from "#app/env.server.ts";
import { ADMIN_PASSWORD_MIN_CHARS } from "#app/modules/auth/limits.ts";
import { deleteSessionsOf } from "#app/modules/auth/session.server.ts";
import { findAdminByEmail, normalizeEmail, upsertAdmin } from "#app/modules/auth/users.server.ts";
import { closeDb } from "#db/index.ts";

const USAGE = "usage: npm run admin -- create|reset-password <email>   (password from ADMIN_PASSWORD, a prompt or stdin)";

async function readPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (process.stdin.isTTY) {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    // Hide what is typed: write the prompt once, then swallow echoed characters.
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
    process.stdout.write("Password: ");
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => undefined;
    const answer = await new Promise<string>((resolve) => rl.question("", resolve));
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = write;
    rl.close();
    process.stdout.write("\n");
    return answer;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "";
}

async function main(argv: string[]): Promise<number> {
  const [command, emailArg] = argv;
  if ((command !== "create" && command !== "reset-password") || !emailArg) {
    console.error(USAGE);
    return 2;
  }
  const email = z.email().safeParse(emailArg.trim());
  if (!email.success) {
    console.error(`not an email address: ${emailArg}`);
    return 2;
  }
  loadEnvOrExit();
  const normalized = normalizeEmail(email.data);
  const existing = await findAdminByEmail(normalized);
  if (command === "create" && existing) {
    console.error(`${normalized} already exists; use reset-password`);
    return 1;
  }
  if (command === "reset-password" && !existing) {
    console.error(`no admin ${normalized}; use create`);
    return 1;
  }
  const password = await readPassword();
  if (password.length < ADMIN_PASSWORD_MIN_CHARS) {
    console.error(`the password must have at least ${ADMIN_PASSWORD_MIN_CHARS} characters`);
    return 1;
  }
  const user = await upsertAdmin(normalized, password);
  if (command === "reset-password") {
    // A new password signs out every existing session of that admin.
    const signedOut = await deleteSessionsOf(user.id);
    console.log(`password reset for ${user.email}; ${signedOut} session(s) signed out`);
  } else {
    console.log(`admin created: ${user.email}`);
  }
  return 0;
}

main(process.argv.slice(2))
  .then(async (code) => {
    await closeDb();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    await closeDb();
    process.exit(1);
  });

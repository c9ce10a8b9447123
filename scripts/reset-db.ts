// Drops and recreates the database named by DATABASE_URL, then migrates it (tests only).
import { createConnection } from "mysql2/promise";
import { loadEnvOrExit } from "#app/env.server.ts";
import { bumpPublicVersion, closePublicVersion } from "#app/modules/site/public-version.server.ts";
import { migrate } from "#db/migrate.ts";

const env = loadEnvOrExit();
const url = new URL(env.DATABASE_URL);
const name = url.pathname.slice(1);
if (!/^dokra_(e2e|test|bench)\w*$/.test(name)) {
  console.error(`reset-db only resets test databases (dokra_e2e*, dokra_test*, dokra_bench*), not "${name}"`);
  process.exit(1);
}
url.pathname = "/";
const connection = await createConnection({ uri: url.toString() });
await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
await connection.end();
await migrate(env.DATABASE_URL);
// A web process still running on this database must not serve pages of the old catalogue.
await bumpPublicVersion();
await closePublicVersion();

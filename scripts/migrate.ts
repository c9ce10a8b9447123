// Brings the database named by DATABASE_URL to the latest migration: npm run migrate (built:
// node build/server/migrate.js, which npm start and docker-compose run before the web server).
// Its own entry, as every process is (vite.config.ts): a module that runs only when it is the
// file started would not run once the build shares it with another entry.
import { loadEnvOrExit } from "#app/env.server.ts";
import { migrate } from "#db/migrate.ts";

const env = loadEnvOrExit();
await migrate(env.DATABASE_URL);
console.log(`database migrated: ${new URL(env.DATABASE_URL).pathname.slice(1)}`);

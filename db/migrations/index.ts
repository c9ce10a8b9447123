import type { Migration } from "kysely";
import * as m0001 from "./0001_init.ts";

/** Every migration, in order. Imported statically so tsx, vitest and bundlers all load them. */
export const migrations: Record<string, Migration> = {
  "0001_init": m0001,
};

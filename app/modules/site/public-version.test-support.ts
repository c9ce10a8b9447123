import { readPublicVersion } from "./public-version.server.ts";

/** The public version once Redis answers (the connection is opened on first use and does not queue commands: the first read may be null). */
export async function readWhenConnected(): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const version = await readPublicVersion();
    if (version !== null) return version;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("Redis never answered");
}

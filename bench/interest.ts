// Row "interest": a cached product page's throughput with interest counting (server/interest.ts)
// against the same build with INTEREST_COUNTING=off, on the same database, in one run. The two
// servers are measured in turn, several rounds, so machine load drifts over both alike.
import { BUILT, SECOND_PORT, benchEnv, log, startNode, waitForHealth } from "./app.ts";
import { rawGet } from "./http.ts";
import { load } from "./load.ts";
import { fmt, type Section } from "./report.ts";

/** A phone browser: counted as a person (hash, HyperLogLog), the costlier path. */
const HEADERS = {
  "accept-encoding": "br, gzip",
  "user-agent": "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
};

export async function runInterest(base: string, productPath: string, options: { seconds: number; rounds: number; connections: number }): Promise<Section> {
  const port = SECOND_PORT + 2;
  const off = await startNode("web-uncounted", BUILT.web, benchEnv({ port, extra: { INTEREST_COUNTING: "off" } }));
  try {
    await waitForHealth(port, off);
    const offBase = `http://127.0.0.1:${port}`;
    for (const b of [base, offBase]) {
      await rawGet(b, productPath, HEADERS);
      const again = await rawGet(b, productPath, HEADERS);
      if (again.status !== 200 || again.xCache !== "HIT") throw new Error(`${b}${productPath}: ${again.status}, X-Cache ${again.xCache}`);
    }
    const run = { connections: options.connections, headers: HEADERS, seconds: options.seconds };
    await load({ ...run, url: `${base}${productPath}`, seconds: 2 });
    await load({ ...run, url: `${offBase}${productPath}`, seconds: 2 });
    const counted: number[] = [];
    const uncounted: number[] = [];
    let errors = 0;
    for (let round = 0; round < options.rounds; round++) {
      log(`interest: round ${round + 1} of ${options.rounds}`);
      // Alternate which goes first, so neither always runs on the warmer (or busier) machine.
      const order = round % 2 === 0 ? ["on", "off"] : ["off", "on"];
      for (const which of order) {
        const result = await load({ ...run, url: `${which === "on" ? base : offBase}${productPath}` });
        errors += result.errors;
        (which === "on" ? counted : uncounted).push(result.rps);
      }
    }
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const ratio = sum(counted) / sum(uncounted);
    const pass = ratio >= 0.95 && errors === 0;
    return {
      title: "9. Interest counting on a cached page",
      method: `\`${productPath}\` from the page cache, ${options.connections} connections, ${options.rounds} rounds of ${options.seconds} s against each server in turn: the app with counting (one Redis pipeline after each answer) and the same build with \`INTEREST_COUNTING=off\` on port ${port}; a phone User-Agent, so every request takes the counted path (salted hash, HyperLogLog).`,
      rows: [
        {
          name: "cached product page with counting: req/s",
          ours: `${fmt.n(sum(counted) / counted.length)} req/s (rounds: ${counted.map((v) => fmt.n(v)).join(", ")})`,
          baseline: `${fmt.n(sum(uncounted) / uncounted.length)} req/s without counting (rounds: ${uncounted.map((v) => fmt.n(v)).join(", ")})`,
          ratio: fmt.ratio(ratio),
          target: "≥ 0.95, 0 errors",
          pass,
          note: pass ? undefined : `${errors} errors; the two servers share 2 cores with autocannon and the other engineers' work`,
        },
      ],
    };
  } finally {
    await off.stop();
  }
}

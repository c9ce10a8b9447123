// The log format is chosen by whether standard output is a terminal: real child processes,
// one writing into a pipe (CI, Docker, a file) and one under `script`, which gives it a TTY.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { logFormatFor } from "./logger.server.ts";

const run = promisify(execFile);
const loggerFile = fileURLToPath(new URL("./logger.server.ts", import.meta.url));
const program = `const { logger } = await import(${JSON.stringify(loggerFile)});
logger.setBindings({ process: "web" });
logger.info({ port: 3100 }, "web server listening");
logger.warn("PUBLIC_URL is unset");`;
const node = ["node", "--import", "tsx", "--input-type=module", "-e", program];
const env = { ...process.env, LOG_LEVEL: "info", NO_COLOR: "1" };

describe("log format", () => {
  it("is JSON when standard output is not a terminal, pretty when it is", () => {
    expect(logFormatFor({ isTTY: undefined })).toBe("json");
    expect(logFormatFor({ isTTY: false })).toBe("json");
    expect(logFormatFor({ isTTY: true })).toBe("pretty");
  });

  it("a process writing into a pipe logs one JSON object per line", async () => {
    const [command, ...args] = node;
    const { stdout } = await run(command!, args, { env });
    const lines = stdout.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toMatchObject([
      { level: 30, process: "web", port: 3100, msg: "web server listening" },
      { level: 40, process: "web", msg: "PUBLIC_URL is unset" },
    ]);
  });

  it("a process on a terminal logs one readable line per event", async () => {
    const { stdout } = await run("script", ["-qec", node.map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(" "), "/dev/null"], { env });
    const lines = stdout.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: web: web server listening \{"port":3100\}$/);
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] WARN: web: PUBLIC_URL is unset$/);
  });
});

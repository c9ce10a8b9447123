import { describe, expect, it, vi } from "vitest";
import { Refresher } from "./page-cache-refresher.ts";

// The background render queue of the page cache, with real timers: one render at a time, each
// URL once however often it is asked for, and not again within the interval.

function recorder(renderMs: number) {
  const starts: Array<{ key: string; at: number }> = [];
  let running = 0;
  let most = 0;
  const render = async (key: string) => {
    starts.push({ key, at: Date.now() });
    most = Math.max(most, ++running);
    await new Promise((resolve) => setTimeout(resolve, renderMs));
    running--;
  };
  return { starts, render, most: () => most };
}

describe("Refresher", () => {
  it("renders one URL at a time, each URL once while it waits, in the order asked", async () => {
    const { starts, render, most } = recorder(20);
    const refresher = new Refresher({ render, concurrency: 1, minIntervalMs: 1_000, maxPauseMs: 10_000 });
    refresher.add(["/a", "/b", "/a", "/c"]);
    refresher.add(["/b", "/c"]);
    await vi.waitFor(() => expect(starts.map((s) => s.key)).toEqual(["/a", "/b", "/c"]), { timeout: 5_000 });
    expect(most()).toBe(1);
    expect(refresher.pending).toBe(0);
  });

  it("pauses after each render as long as it took, so at most half the time goes to rendering", async () => {
    const { starts, render } = recorder(60);
    const refresher = new Refresher({ render, concurrency: 1, minIntervalMs: 1_000, maxPauseMs: 10_000 });
    refresher.add(["/a", "/b"]);
    await vi.waitFor(() => expect(starts).toHaveLength(2), { timeout: 5_000 });
    expect(starts[1]!.at - starts[0]!.at).toBeGreaterThanOrEqual(115);
  });

  it("pauses no longer than its limit after a render that waited long (a slow database), so the next is not held back", async () => {
    const { starts, render } = recorder(400);
    const refresher = new Refresher({ render, concurrency: 1, minIntervalMs: 1_000, maxPauseMs: 50 });
    refresher.add(["/a", "/b"]);
    await vi.waitFor(() => expect(starts).toHaveLength(2), { timeout: 5_000 });
    // Three times the render would be 1.2 s of pause.
    expect(starts[1]!.at - starts[0]!.at).toBeLessThan(1_000);
    expect(starts[1]!.at - starts[0]!.at).toBeGreaterThanOrEqual(440);
  });

  it("renders a URL asked for again within the interval once, when the interval is over", async () => {
    const { starts, render } = recorder(5);
    const refresher = new Refresher({ render, concurrency: 1, minIntervalMs: 400, maxPauseMs: 10_000 });
    refresher.add(["/a"]);
    await vi.waitFor(() => expect(starts).toHaveLength(1), { timeout: 5_000 });
    // The interval runs from the start the refresher noted, a clock read just before the
    // render's own (which may fall a millisecond later).
    const firstStart = await vi.waitFor(
      () => {
        const at = refresher.lastRendered("/a");
        if (at === undefined) throw new Error("the first render is not noted yet");
        return at;
      },
      { timeout: 5_000 },
    );
    expect(firstStart).toBeLessThanOrEqual(starts[0]!.at);
    for (let i = 0; i < 5; i++) {
      refresher.add(["/a"]);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await vi.waitFor(() => expect(starts).toHaveLength(2), { timeout: 5_000 });
    expect(starts[1]!.at - firstStart).toBeGreaterThanOrEqual(400);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(starts).toHaveLength(2);
  });

  it("puts a URL back until the time its render answers, and renders it then, before a later one", async () => {
    const starts: Array<{ key: string; at: number }> = [];
    const asked = Date.now();
    const later: Record<string, number> = { "/late": asked + 900, "/soon": asked + 300 };
    const refresher = new Refresher({
      render: async (key) => {
        if (Date.now() < later[key]!) return later[key];
        starts.push({ key, at: Date.now() });
      },
      concurrency: 1,
      minIntervalMs: 0,
      maxPauseMs: 10_000,
    });
    refresher.add(["/late"]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    refresher.add(["/soon"]);
    await vi.waitFor(() => expect(starts.map((s) => s.key)).toEqual(["/soon", "/late"]), { timeout: 5_000 });
    expect(starts[0]!.at).toBeGreaterThanOrEqual(later["/soon"]!);
    expect(starts[1]!.at).toBeGreaterThanOrEqual(later["/late"]!);
    expect(refresher.pending).toBe(0);
  });

  it("renders a URL whose 'not yet' time passed while it was asked (a slow machine), never counting it done", async () => {
    const rendered: string[] = [];
    let asked = 0;
    const refresher = new Refresher({
      render: async (key) => {
        asked++;
        if (asked > 1) {
          rendered.push(key);
          return;
        }
        // Answers "not before now + 20 ms" only after 60 ms: that time is already past.
        const notBefore = Date.now() + 20;
        await new Promise((resolve) => setTimeout(resolve, 60));
        return notBefore;
      },
      concurrency: 1,
      minIntervalMs: 0,
      maxPauseMs: 10_000,
    });
    refresher.add(["/slow"]);
    await vi.waitFor(() => expect(rendered).toEqual(["/slow"]), { timeout: 5_000 });
    expect(refresher.pending).toBe(0);
  });

  it("keeps going after a render fails", async () => {
    const done: string[] = [];
    const refresher = new Refresher({
      render: async (key) => {
        if (key === "/bad") throw new Error("database down");
        done.push(key);
      },
      concurrency: 1,
      minIntervalMs: 100,
      maxPauseMs: 10_000,
    });
    refresher.add(["/bad", "/good"]);
    await vi.waitFor(() => expect(done).toEqual(["/good"]), { timeout: 5_000 });
  });
});

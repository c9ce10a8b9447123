/**
 * One instance per process, kept on `globalThis` under `key`: Vite's dev server re-evaluates a
 * changed module, and a connection pool or Redis client made again on every edit would leak.
 * `get` makes the instance on first use; `take` hands it over and forgets it (to close it);
 * `set` puts another one in its place (tests).
 */
export function singleton<T>(key: `__dokra${string}`, make: () => T) {
  const slots = globalThis as unknown as Record<string, T | undefined>;
  return {
    get: (): T => (slots[key] ??= make()),
    set: (value: T | undefined): void => {
      slots[key] = value;
    },
    take: (): T | undefined => {
      const value = slots[key];
      slots[key] = undefined;
      return value;
    },
  };
}

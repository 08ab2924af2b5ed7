/**
 * A bounded cache of asynchronous results by key, for the work this package repeats per
 * delivery: opening a sealed secret, resolving a host.
 * @module
 */

/** Results by key; see {@link createPromiseCache}. */
export interface PromiseCache<T> {
  /** The kept result for `key`, or `compute()`'s, kept from now on. */
  get(key: string, compute: () => Promise<T>): Promise<T>;
}

/**
 * A cache of at most `maxEntries` results, the least recently asked for going first, each
 * kept for `ttlMs` (for ever by default). The promise is kept, not its value, so calls made
 * while one is under way share it; one that rejects is dropped, so the next call computes
 * again.
 */
export function createPromiseCache<T>(
  opts: { maxEntries: number; ttlMs?: number; now?: () => number },
): PromiseCache<T> {
  const ttlMs = opts.ttlMs ?? Infinity;
  const now = opts.now ?? (() => performance.now());
  const entries = new Map<string, { at: number; result: Promise<T> }>();
  return {
    get(key, compute) {
      const found = entries.get(key);
      entries.delete(key);
      if (found && now() - found.at < ttlMs) {
        entries.set(key, found);
        return found.result;
      }
      const entry = { at: now(), result: compute() };
      entry.result.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      if (entries.size >= opts.maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, entry);
      return entry.result;
    },
  };
}

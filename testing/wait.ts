/** Waiting on a condition, never on a fixed sleep. */

/** Polls `probe` until it returns something other than undefined; throws after `timeoutMs`. */
export async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  opts: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const until = Date.now() + (opts.timeoutMs ?? 30_000);
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, opts.intervalMs ?? 100));
  }
}

/** Resolves on the event loop's next turn, after what `setImmediate` queued before it. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

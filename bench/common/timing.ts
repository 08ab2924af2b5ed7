/**
 * Timing one statement or call from the benchmark's side, for the benchmarks that time
 * statements on one connection rather than load a server.
 * @module
 */

/** `work`'s value and its milliseconds. */
export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = performance.now();
  const value = await work();
  return { ms: performance.now() - t, value };
}

/** Milliseconds of each of `runs` calls of `work`, with `after` run untimed after each. */
export async function timeRuns(
  runs: number,
  work: () => Promise<unknown>,
  after: () => Promise<unknown> = () => Promise.resolve(),
): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    ms.push((await timed(work)).ms);
    await after();
  }
  return ms;
}

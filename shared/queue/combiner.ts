/**
 * Group commit: calls made while an earlier one is running are combined into the next
 * run. Under load this turns many small requests (produce requests, transactions, quota
 * reservations) into a few large ones; when quiet it adds no delay, because a lone call
 * runs at once.
 * @module
 */

interface Entry<T, R> {
  items: T[];
  resolve: (results: R[]) => void;
  reject: (err: unknown) => void;
}

/**
 * Wraps `run` so that at most one run is in progress; every submission waits for the run
 * that includes its items and shares its outcome. Submissions keep their order.
 */
export function combiner<T>(
  run: (items: T[]) => Promise<void>,
  opts: { maxItems?: number } = {},
): (items: T[]) => Promise<void> {
  const submit = combinerWithResults<T, undefined>(async (items) => {
    await run(items);
    return items.map(() => undefined);
  }, opts);
  return async (items) => {
    await submit(items);
  };
}

/**
 * {@link combiner} for runs that answer each item: `run` returns one result per item, in
 * order, and each submission resolves with the results of its own items.
 */
export function combinerWithResults<T, R>(
  run: (items: T[]) => Promise<R[]>,
  opts: { maxItems?: number } = {},
): (items: T[]) => Promise<R[]> {
  const max = opts.maxItems ?? Infinity;
  const queue: Entry<T, R>[] = [];
  let busy = false;

  const settle = (taken: Entry<T, R>[], results: R[]) => {
    let at = 0;
    for (const e of taken) {
      e.resolve(results.slice(at, at + e.items.length));
      at += e.items.length;
    }
  };

  const pump = () => {
    if (busy || queue.length === 0) return;
    busy = true;
    const taken: Entry<T, R>[] = [];
    let count = 0;
    while (queue.length && (taken.length === 0 || count + queue[0]!.items.length <= max)) {
      const e = queue.shift()!;
      taken.push(e);
      count += e.items.length;
    }
    run(taken.flatMap((e) => e.items))
      .then((results) => settle(taken, results), (err) => taken.forEach((e) => e.reject(err)))
      .finally(() => {
        busy = false;
        pump();
      });
  };

  return (items) =>
    new Promise<R[]>((resolve, reject) => {
      queue.push({ items, resolve, reject });
      pump();
    });
}

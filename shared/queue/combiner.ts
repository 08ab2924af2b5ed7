/**
 * Group commit: calls made while an earlier one is running are combined into the next
 * run. Under load this turns many small requests (produce requests, transactions) into a
 * few large ones; when quiet it adds no delay, because a lone call runs at once.
 * @module
 */

interface Entry<T> {
  items: T[];
  resolve: () => void;
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
  const max = opts.maxItems ?? Infinity;
  const queue: Entry<T>[] = [];
  let busy = false;

  const pump = () => {
    if (busy || queue.length === 0) return;
    busy = true;
    const taken: Entry<T>[] = [];
    let count = 0;
    while (queue.length && (taken.length === 0 || count + queue[0]!.items.length <= max)) {
      const e = queue.shift()!;
      taken.push(e);
      count += e.items.length;
    }
    run(taken.flatMap((e) => e.items))
      .then(() => taken.forEach((e) => e.resolve()), (err) => taken.forEach((e) => e.reject(err)))
      .finally(() => {
        busy = false;
        pump();
      });
  };

  return (items) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ items, resolve, reject });
      pump();
    });
}

/**
 * Group commit: calls made in the same turn of the event loop, or while an earlier run is
 * in progress, are combined into one run. Under load this turns many small requests
 * (produce requests, transactions, quota reservations) into a few large ones. A run starts
 * on the turn after its first call (`setImmediate`) rather than at once: the batches of one
 * Kafka fetch reach their handlers one after another in the same turn, and starting on the
 * first left every other partition's batch to the next transaction (a job-service
 * transaction of one command, then one of the rest). When quiet, that wait is a turn.
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
  // Set from the first call of an idle combiner until its run starts, then while it runs.
  let busy = false;

  const settle = (taken: Entry<T, R>[], results: R[]) => {
    let at = 0;
    for (const e of taken) {
      e.resolve(results.slice(at, at + e.items.length));
      at += e.items.length;
    }
  };

  const pump = () => {
    if (queue.length === 0) {
      busy = false;
      return;
    }
    busy = true;
    const taken: Entry<T, R>[] = [];
    let count = 0;
    while (queue.length && (taken.length === 0 || count + queue[0]!.items.length <= max)) {
      const e = queue.shift()!;
      taken.push(e);
      count += e.items.length;
    }
    // A run that throws instead of rejecting fails its submissions, not the combiner.
    (async () => await run(taken.flatMap((e) => e.items)))()
      .then((results) => settle(taken, results), (err) => taken.forEach((e) => e.reject(err)))
      .finally(pump);
  };

  return (items) =>
    new Promise<R[]>((resolve, reject) => {
      queue.push({ items, resolve, reject });
      if (!busy) {
        busy = true;
        setImmediate(pump);
      }
    });
}

/**
 * Reads every service's live heap (`../common/live_heap.ts`) every `everyMs` during a soak.
 * Each read starts with a full collection, which stops that service for a few to a few tens
 * of milliseconds: once a minute or so costs the load nothing measurable.
 * @module
 */
import { type LiveHeap, readLiveHeap } from "../common/live_heap.ts";

/** One round of reads: when, and each service's heap. */
export interface HeapSample {
  at: number;
  heap: Record<string, LiveHeap>;
}

/**
 * Reads the live heap of each service in `ports` every `everyMs` until stopped, a connection
 * per read, each read failing after `timeoutMs`; with no ports, reads nothing.
 */
export function heapSampler(ports: Record<string, number>, everyMs: number, timeoutMs = 30_000) {
  const samples: HeapSample[] = [];
  const services = Object.entries(ports);
  if (services.length === 0) return { stop: () => Promise.resolve(samples) };
  let running = true;
  let wake = () => {};
  const loop = (async () => {
    while (running) {
      const at = Date.now();
      const heap: Record<string, LiveHeap> = {};
      // One after another: two services' collections at once would stop the machine's cores.
      for (const [name, port] of services) heap[name] = await readLiveHeap(port, timeoutMs);
      samples.push({ at, heap });
      await new Promise<void>((r) => {
        const timer = setTimeout(r, Math.max(0, at + everyMs - Date.now()));
        wake = () => (clearTimeout(timer), r());
      });
    }
  })();
  // Held until stop, which reports it: a read failing mid-soak must not end the process.
  const failure = loop.then(() => null, (err: unknown) => err);
  return {
    /** Stops reading; the samples taken. Fails if a read failed. */
    async stop(): Promise<HeapSample[]> {
      running = false;
      wake();
      const err = await failure;
      if (err) throw err;
      return samples;
    },
  };
}

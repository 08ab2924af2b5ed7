/**
 * Keeps an eye on whether the pgvector tables fit in Postgres's cache as the seekers grow:
 * reads their size and `shared_buffers` at start-up and every `intervalMs` after, sets them
 * as gauges for a scraper's alert, and logs the warning of `cache_fit_warning.ts` when the
 * tables stop fitting (and a line when they fit again), not at every reading.
 * @module
 */
import type { Logger } from "@hire/log";
import type { Registry } from "@hire/metrics";
import type { CacheFit } from "@hire/vector";
import { cacheFitWarning } from "./cache_fit_warning.ts";

/** The gauges a reading sets; an alert compares them (services/matching/README.md). */
export const CACHE_FIT_GAUGES = {
  vector: {
    name: "hire_pgvector_tables_bytes",
    help: "Bytes the pgvector tables of the embedding space take, with their indexes.",
    labels: [],
  },
  sharedBuffers: {
    name: "hire_postgres_shared_buffers_bytes",
    help: "Postgres's shared_buffers, in bytes.",
    labels: [],
  },
} as const;

/** What the watch needs from outside. */
export interface CacheFitWatchDeps {
  read: () => Promise<CacheFit>;
  log: Logger;
  metrics?: Registry;
}

/** One reading after another; the first logs the warning if the tables do not fit. */
export function cacheFitWatch(deps: CacheFitWatchDeps): { check(): Promise<void> } {
  const vector = deps.metrics?.gauge(CACHE_FIT_GAUGES.vector);
  const sharedBuffers = deps.metrics?.gauge(CACHE_FIT_GAUGES.sharedBuffers);
  let warned = false;
  return {
    async check() {
      let fit: CacheFit;
      try {
        fit = await deps.read();
      } catch (err) {
        // The gauges keep the last reading: an alert on them outlives a blip of the database.
        deps.log.warn("could not read the pgvector tables' size", { err });
        return;
      }
      vector?.set({}, fit.vectorBytes);
      sharedBuffers?.set({}, fit.sharedBuffersBytes);
      const warning = cacheFitWarning(fit);
      if (warning && !warned) deps.log.warn(warning);
      if (!warning && warned) {
        deps.log.info("the pgvector tables fit in Postgres's shared_buffers again", {
          vectorBytes: fit.vectorBytes,
          sharedBuffersBytes: fit.sharedBuffersBytes,
        });
      }
      warned = warning !== undefined;
    },
  };
}

/**
 * Checks once before resolving, so the warning comes with the service's start as before, then
 * every `intervalMs`; a reading never overlaps the one before.
 */
export async function startCacheFitWatch(
  deps: CacheFitWatchDeps,
  opts: { intervalMs: number },
): Promise<{ stop(): void }> {
  const watch = cacheFitWatch(deps);
  await watch.check();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    watch.check().finally(() => running = false);
  }, opts.intervalMs);
  return { stop: () => clearInterval(timer) };
}

/**
 * Graceful shutdown shared by every service's main.ts: the first SIGINT or SIGTERM aborts
 * one AbortSignal and runs the service's cleanup; a second signal (a second or more later),
 * or cleanup that outlasts the grace period (a consumer stuck retrying, say), ends the
 * process at once so an orchestrator is never left waiting on it.
 * @module
 */
import type { Logger } from "@hire/log";

const DUPLICATE_WINDOW_MS = 1000;

/** Options of {@link onShutdown}. */
export interface ShutdownOptions {
  /** Milliseconds cleanup may take before the process exits anyway. */
  graceMs?: number;
}

/** Registers `cleanup` for the first termination signal; returns the signal it aborts. */
export function onShutdown(
  log: Logger,
  cleanup: () => Promise<void>,
  opts: ShutdownOptions = {},
): AbortSignal {
  const controller = new AbortController();
  let firstAt = 0;
  const handler = (signal: Deno.Signal) => {
    if (controller.signal.aborted) {
      // The same signal often arrives twice at once (a terminal signals the whole process
      // group, and `deno task dev` forwards it too); only a later one means "hurry".
      if (Date.now() - firstAt < DUPLICATE_WINDOW_MS) return;
      log.warn("second signal: exiting now", { signal });
      Deno.exit(130);
    }
    firstAt = Date.now();
    controller.abort(signal);
    log.info("shutting down", { signal });
    const force = setTimeout(() => {
      log.error("cleanup did not finish in time: exiting", { grace_ms: opts.graceMs ?? 10_000 });
      Deno.exit(1);
    }, opts.graceMs ?? 10_000);
    cleanup().then(
      () => {
        clearTimeout(force);
        Deno.exit(0);
      },
      (err) => {
        log.error("cleanup failed", { err });
        Deno.exit(1);
      },
    );
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    Deno.addSignalListener(signal, () => handler(signal));
  }
  return controller.signal;
}

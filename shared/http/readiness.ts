/**
 * Readiness answered from memory: a loop probes each dependency every few seconds, and a
 * `/readyz` hit reads what it last found. However often a load balancer or an anonymous
 * visitor asks, the dependencies see one probe each per interval.
 * @module
 */

/** What a check last found. */
export type CheckStatus = "ok" | "unavailable";

/** Options of {@link startReadiness}. */
export interface ReadinessOptions {
  /** How often each check is probed (default 2 s). */
  intervalMs?: number;
  /** A probe still running after this long counts as unavailable (default 2 s). */
  timeoutMs?: number;
}

/** The state of a set of checks, kept fresh in the background. */
export interface Readiness<K extends string> {
  /** What each check last found; `unavailable` until its first probe answers. */
  current(): Record<K, CheckStatus>;
  /** Resolves once every check's first probe has settled. */
  checked(): Promise<void>;
  stop(): void;
}

/**
 * Probes each of `checks` now and then every `intervalMs`: a check is `ok` when its probe
 * resolved. A probe never overlaps its own previous one, so a dependency that hangs is
 * asked again only once it answers (it is `unavailable` meanwhile).
 */
export function startReadiness<K extends string>(
  checks: Record<K, () => Promise<unknown>>,
  opts: ReadinessOptions = {},
): Readiness<K> {
  const intervalMs = opts.intervalMs ?? 2000;
  const timeoutMs = opts.timeoutMs ?? 2000;
  const names = Object.keys(checks) as K[];
  const status = Object.fromEntries(names.map((n) => [n, "unavailable"])) as Record<
    K,
    CheckStatus
  >;
  const running = new Map<K, number>();

  const probe = async (name: K) => {
    running.set(name, Date.now());
    let found: CheckStatus = "ok";
    try {
      await checks[name]();
    } catch {
      found = "unavailable";
    }
    status[name] = found;
    running.delete(name);
  };
  // The timeout is looked at on each tick rather than with a timer per probe.
  const tick = () => {
    for (const name of names) {
      const since = running.get(name);
      if (since === undefined) void probe(name);
      else if (Date.now() - since >= timeoutMs) status[name] = "unavailable";
    }
  };

  const first = Promise.all(names.map(probe)).then(() => {});
  const timer = setInterval(tick, intervalMs);
  return {
    current: () => ({ ...status }),
    checked: () => first,
    stop: () => clearInterval(timer),
  };
}

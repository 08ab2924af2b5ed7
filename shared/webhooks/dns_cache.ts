/**
 * DNS answers kept for a few seconds, for the delivery client. Every attempt checks the
 * addresses its host resolves to; asking the resolver twice (A and AAAA) for each of
 * thousands of attempts a second to the same few hosts cost the delivery service a tenth of
 * its CPU and kept attempts waiting on the resolver's threads. Only the records are kept:
 * each attempt still checks them (`checkResolvedHost`) and connects to an address it
 * checked, so a kept answer is never an unchecked one; a host's new records are seen once
 * the old ones are {@link DNS_CACHE_MS} old.
 * @module
 */
import { createPromiseCache } from "./promise_cache.ts";
import type { Resolve } from "./resolve_check.ts";

/** How long an answer is kept; resolvers do not tell us the records' own TTL. */
export const DNS_CACHE_MS = 10_000;

/** Hosts kept at most; the least recently asked goes first. */
const MAX_ENTRIES = 1024;

/**
 * `resolve` with answers kept for `ttlMs`. Lookups of one name and type made while one is
 * under way share it. A failure (timeout, SERVFAIL, no such name) is not kept: the next
 * attempt asks again.
 */
export function cachingResolve(
  resolve: Resolve,
  opts: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
): Resolve {
  const answers = createPromiseCache<string[]>({
    maxEntries: opts.maxEntries ?? MAX_ENTRIES,
    ttlMs: opts.ttlMs ?? DNS_CACHE_MS,
    now: opts.now,
  });
  return (host, type) => answers.get(`${type} ${host}`, () => resolve(host, type));
}

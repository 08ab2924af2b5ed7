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
import type { Resolve } from "./resolve_check.ts";

/** How long an answer is kept; resolvers do not tell us the records' own TTL. */
export const DNS_CACHE_MS = 10_000;

/** Hosts kept at most; the least recently asked goes first. */
const MAX_ENTRIES = 1024;

interface Entry {
  at: number;
  records: Promise<string[]>;
}

/**
 * `resolve` with answers kept for `ttlMs`. Lookups of one name and type made while one is
 * under way share it. A failure (timeout, SERVFAIL, no such name) is not kept: the next
 * attempt asks again.
 */
export function cachingResolve(
  resolve: Resolve,
  opts: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
): Resolve {
  const ttlMs = opts.ttlMs ?? DNS_CACHE_MS;
  const maxEntries = opts.maxEntries ?? MAX_ENTRIES;
  const now = opts.now ?? (() => performance.now());
  const entries = new Map<string, Entry>();
  return (host, type) => {
    const key = `${type} ${host}`;
    const found = entries.get(key);
    entries.delete(key);
    if (found && now() - found.at < ttlMs) {
      entries.set(key, found);
      return found.records;
    }
    const entry = { at: now(), records: resolve(host, type) };
    entry.records.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
    return entry.records;
  };
}

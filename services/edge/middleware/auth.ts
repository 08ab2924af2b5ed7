/**
 * Bearer authentication. A verified key is cached briefly so reads do not pay a lookup,
 * never past the key's expiry; a key change announced on Postgres (a key issued, rolled or
 * revoked, a plan change) empties the cache at once. Requests the cache cannot answer are
 * limited per client address before any lookup. Each key's use is recorded at most once a
 * minute per process, off the request's path.
 * @module
 */
import type { Sql } from "@hire/db";
import { clientAddress, type ClientLimiter } from "@hire/http";
import type { Logger } from "@hire/log";
import { isWellFormedApiKey } from "@hire/partners";
import { type KeyOwner, KEYS_CHANNEL } from "@hire/tables";
import type { MiddlewareHandler } from "hono";
import type { EdgeEnv } from "../env.ts";
import { ApiError } from "../problem.ts";

/** A cache of verified keys. */
export interface KeyCache {
  get(key: string): KeyOwner | undefined;
  /**
   * Taken before a lookup starts and passed to {@link KeyCache.set} with its answer: each
   * `clear` starts a new generation.
   */
  generation(): number;
  /**
   * Caches `owner` unless the cache was cleared since `generation`: a lookup that raced a
   * key change may have read the row as it was before it.
   */
  set(key: string, owner: KeyOwner, generation: number): void;
  clear(): void;
}

/**
 * A TTL cache of verified keys, bounded so a flood of distinct keys cannot grow it forever.
 * An entry lasts `ttlMs`, or until its key expires when that is sooner.
 */
export function createKeyCache(ttlMs: number, maxEntries = 10_000, now = Date.now): KeyCache {
  const entries = new Map<string, { owner: KeyOwner; until: number }>();
  let generation = 0;
  return {
    get(key) {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.until <= now()) {
        entries.delete(key);
        return undefined;
      }
      return e.owner;
    },
    generation: () => generation,
    set(key, owner, since) {
      if (since !== generation) return;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const expiry = owner.expiresAt?.getTime() ?? Infinity;
      entries.set(key, { owner, until: Math.min(now() + ttlMs, expiry) });
    },
    clear() {
      generation++;
      entries.clear();
    },
  };
}

/**
 * Empties `cache` whenever a key changes anywhere, and each time the listening connection
 * (re)connects, since changes made while it was down were never announced. Returns a
 * function that stops listening.
 */
export async function clearOnKeyChange(sql: Sql, cache: KeyCache): Promise<() => Promise<void>> {
  const sub = await sql.listen(KEYS_CHANNEL, () => cache.clear(), () => cache.clear());
  return () => sub.unlisten();
}

/** What {@link authenticate} needs. */
export interface AuthDeps {
  cache: KeyCache;
  /** The owner of a live key, from Postgres; undefined for any other key. */
  findOwner(key: string): Promise<KeyOwner | undefined>;
  /** Told of every authenticated request; returns at once and never throws. */
  keyUsed(owner: KeyOwner): void;
  /** What a client address may spend on requests the cache cannot answer. */
  attempts: ClientLimiter;
  /** Take the client's address from the last `X-Forwarded-For` hop. */
  trustProxy: boolean;
}

/**
 * Rejects requests without a valid key (401) and sets `partner` for the rest. A key the
 * cache holds costs nothing. Any other request spends a unit of its address's allowance
 * first (429 `partner.auth_rate_limited` when none is left, before any lookup); a key that
 * turns out valid gives the unit back, so only failed authentications use it up, and a
 * lookup in flight holds one. Concurrent requests with one key share one lookup.
 */
export function authenticate(deps: AuthDeps): MiddlewareHandler<EdgeEnv> {
  const lookups = new Map<string, { generation: number; owner: Promise<KeyOwner | undefined> }>();

  const spend = (address: string) => {
    const decision = deps.attempts.take(address);
    if (decision.allowed) return;
    throw new ApiError("partner.auth_rate_limited", {
      headers: { "Retry-After": String(decision.retryAfterS) },
    });
  };

  const lookUp = async (key: string, address: string) => {
    const generation = deps.cache.generation();
    // A lookup that started before the last clear may hold the old answer: not joined.
    const pending = lookups.get(key);
    if (pending?.generation === generation) return await pending.owner;
    spend(address);
    const owner = deps.findOwner(key);
    const entry = { generation, owner };
    lookups.set(key, entry);
    try {
      const found = await owner;
      if (found) {
        deps.attempts.giveBack(address);
        deps.cache.set(key, found, generation);
      }
      return found;
    } finally {
      if (lookups.get(key) === entry) lookups.delete(key);
    }
  };

  return async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const key = /^Bearer +(\S+)$/i.exec(header.trim())?.[1];
    const wellFormed = key !== undefined && isWellFormedApiKey(key);
    let owner = wellFormed ? deps.cache.get(key) : undefined;
    if (!owner) {
      const address = clientAddress(c, deps.trustProxy);
      if (!wellFormed) {
        spend(address);
        throw new ApiError("partner.unauthorized");
      }
      owner = await lookUp(key, address);
      if (!owner) throw new ApiError("partner.unauthorized");
    }
    deps.keyUsed(owner);
    c.set("partner", owner);
    await next();
  };
}

/**
 * What {@link AuthDeps.keyUsed} does in the edge: `record`s each key's use at most once
 * every `everyMs` (a minute) in this process, without waiting for it. A failure is logged
 * and the key is recorded again on a use after the next `everyMs`.
 */
export function keyUseRecorder(deps: {
  record(keyId: string): Promise<void>;
  log: Logger;
  everyMs?: number;
  now?: () => number;
}): (owner: KeyOwner) => void {
  const everyMs = deps.everyMs ?? 60_000;
  const now = deps.now ?? Date.now;
  // Key id → when its use was last recorded, oldest first (a key recorded again moves to
  // the end), so the entries whose window is over are at the front: at most the keys used
  // in the last `everyMs` are held.
  const recorded = new Map<string, number>();
  return (owner) => {
    const t = now();
    for (const [keyId, at] of recorded) {
      if (at > t - everyMs) break;
      recorded.delete(keyId);
    }
    if (recorded.has(owner.keyId)) return;
    recorded.set(owner.keyId, t);
    deps.record(owner.keyId).catch((err) =>
      deps.log.warn("could not record a key's use", { err, key_prefix: owner.keyPrefix })
    );
  };
}

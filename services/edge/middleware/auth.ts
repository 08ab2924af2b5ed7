/**
 * Bearer authentication. A verified key is cached briefly so reads do not pay a lookup;
 * a key change announced on Postgres (rotation) empties the cache at once.
 * @module
 */
import type { Sql } from "@hire/db";
import { isWellFormedApiKey } from "@hire/partners";
import { findKeyOwner, type KeyOwner, KEYS_CHANNEL } from "@hire/tables";
import type { MiddlewareHandler } from "hono";
import type { EdgeEnv } from "../env.ts";
import { ApiError } from "../problem.ts";

/** A cache of verified keys. */
export interface KeyCache {
  get(key: string): KeyOwner | undefined;
  set(key: string, owner: KeyOwner): void;
  clear(): void;
}

/** A TTL cache of verified keys, bounded so a flood of distinct keys cannot grow it forever. */
export function createKeyCache(ttlMs: number, maxEntries = 10_000, now = Date.now): KeyCache {
  const entries = new Map<string, { owner: KeyOwner; until: number }>();
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
    set(key, owner) {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { owner, until: now() + ttlMs });
    },
    clear: () => entries.clear(),
  };
}

/** Empties `cache` whenever a key changes anywhere; returns a function that stops listening. */
export async function clearOnKeyChange(sql: Sql, cache: KeyCache): Promise<() => Promise<void>> {
  const sub = await sql.listen(KEYS_CHANNEL, () => cache.clear(), () => cache.clear());
  return () => sub.unlisten();
}

/** Rejects requests without a valid key (401) and sets `partner` for the rest. */
export function authenticate(deps: { sql: Sql; cache: KeyCache }): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer +(\S+)$/i.exec(header.trim());
    const key = match?.[1];
    if (!key || !isWellFormedApiKey(key)) throw new ApiError("partner.unauthorized");
    let owner = deps.cache.get(key);
    if (!owner) {
      owner = await findKeyOwner(deps.sql, key);
      if (!owner) throw new ApiError("partner.unauthorized");
      deps.cache.set(key, owner);
    }
    c.set("partner", owner);
    await next();
  };
}

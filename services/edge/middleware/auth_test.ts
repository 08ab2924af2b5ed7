import assert from "node:assert/strict";
import { createClientLimiter } from "@hire/http";
import { silentLogger } from "@hire/log";
import type { KeyOwner } from "@hire/tables";
import { Hono } from "hono";
import type { EdgeEnv } from "../env.ts";
import { ApiError, problemResponse } from "../problem.ts";
import { authenticate, createKeyCache, keyUseRecorder } from "./auth.ts";

function owner(partnerId: string, fields: Partial<KeyOwner> = {}): KeyOwner {
  return {
    partnerId,
    plan: "growth",
    keyId: `key_${partnerId}`,
    keyPrefix: "hk_live_abcdef",
    expiresAt: null,
    ...fields,
  };
}

/** A clock the test moves by hand. */
function fakeClock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

Deno.test("createKeyCache returns a cached owner before the TTL elapses", () => {
  const clock = fakeClock();
  const cache = createKeyCache(1_000, 10, clock.now);
  cache.set("k1", owner("ptn_1"), cache.generation());
  assert.deepEqual(cache.get("k1"), owner("ptn_1"));
  clock.advance(999);
  assert.deepEqual(cache.get("k1"), owner("ptn_1"));
});

Deno.test("createKeyCache forgets an entry once the TTL has elapsed", () => {
  const clock = fakeClock();
  const cache = createKeyCache(1_000, 10, clock.now);
  cache.set("k1", owner("ptn_1"), cache.generation());
  clock.advance(1_000);
  assert.equal(cache.get("k1"), undefined);
  // Still gone when the clock would otherwise be back inside the window.
  assert.equal(cache.get("k1"), undefined);
});

Deno.test("createKeyCache restarts the TTL when a key is set again", () => {
  const clock = fakeClock();
  const cache = createKeyCache(1_000, 10, clock.now);
  cache.set("k1", owner("ptn_1"), cache.generation());
  clock.advance(800);
  cache.set("k1", owner("ptn_2"), cache.generation());
  clock.advance(800);
  assert.deepEqual(cache.get("k1"), owner("ptn_2"));
  clock.advance(200);
  assert.equal(cache.get("k1"), undefined);
});

Deno.test("createKeyCache never serves a key past its expiry, even inside the TTL", () => {
  const clock = fakeClock();
  const cache = createKeyCache(30_000, 10, clock.now);
  const rolled = owner("ptn_1", { expiresAt: new Date(clock.now() + 5_000) });
  cache.set("k1", rolled, cache.generation());
  clock.advance(4_999);
  assert.deepEqual(cache.get("k1"), rolled);
  clock.advance(1);
  assert.equal(cache.get("k1"), undefined);
});

Deno.test("createKeyCache does not cache a key whose expiry has passed", () => {
  const clock = fakeClock();
  const cache = createKeyCache(30_000, 10, clock.now);
  cache.set("k1", owner("ptn_1", { expiresAt: new Date(clock.now() - 1) }), cache.generation());
  assert.equal(cache.get("k1"), undefined);
});

Deno.test("createKeyCache returns undefined for a key never set", () => {
  const cache = createKeyCache(1_000, 10, fakeClock().now);
  assert.equal(cache.get("missing"), undefined);
});

Deno.test("createKeyCache clear() empties the cache", () => {
  const cache = createKeyCache(60_000, 10, fakeClock().now);
  cache.set("k1", owner("ptn_1"), cache.generation());
  cache.set("k2", owner("ptn_2"), cache.generation());
  cache.clear();
  assert.equal(cache.get("k1"), undefined);
  assert.equal(cache.get("k2"), undefined);
  cache.set("k3", owner("ptn_3"), cache.generation());
  assert.deepEqual(cache.get("k3"), owner("ptn_3"));
});

Deno.test("createKeyCache bounded size evicts the oldest entry", () => {
  const cache = createKeyCache(60_000, 3, fakeClock().now);
  cache.set("k1", owner("ptn_1"), cache.generation());
  cache.set("k2", owner("ptn_2"), cache.generation());
  cache.set("k3", owner("ptn_3"), cache.generation());
  cache.set("k4", owner("ptn_4"), cache.generation());
  assert.equal(cache.get("k1"), undefined);
  assert.deepEqual(cache.get("k2"), owner("ptn_2"));
  assert.deepEqual(cache.get("k3"), owner("ptn_3"));
  assert.deepEqual(cache.get("k4"), owner("ptn_4"));
  cache.set("k5", owner("ptn_5"), cache.generation());
  assert.equal(cache.get("k2"), undefined);
  assert.deepEqual(cache.get("k5"), owner("ptn_5"));
});

Deno.test("createKeyCache never holds more than maxEntries keys", () => {
  const cache = createKeyCache(60_000, 5, fakeClock().now);
  for (let i = 0; i < 100; i++) cache.set(`k${i}`, owner(`ptn_${i}`), cache.generation());
  const present = Array.from({ length: 100 }, (_, i) => `k${i}`).filter((k) => cache.get(k));
  assert.deepEqual(present, ["k95", "k96", "k97", "k98", "k99"]);
});

Deno.test("createKeyCache set() with a generation from before a clear() stores nothing", () => {
  const cache = createKeyCache(60_000, 10, fakeClock().now);
  const before = cache.generation();
  cache.clear();
  cache.set("k1", owner("ptn_1"), before);
  assert.equal(cache.get("k1"), undefined);
  cache.set("k1", owner("ptn_1"), cache.generation());
  assert.deepEqual(cache.get("k1"), owner("ptn_1"));
});

// The middleware with the database lookup in the test's hands: each lookup waits until the
// test answers it, so the interleavings a real lookup allows can be replayed exactly.

const KEY = `hk_live_${"a".repeat(43)}`;

/** A well-formed key nobody holds. */
const randomKey = () => `hk_live_${crypto.randomUUID().replaceAll("-", "").padEnd(43, "x")}`;

interface Lookup {
  key: string;
  answer(owner: KeyOwner | undefined): void;
}

function harness(opts: { perMinute?: number; trustProxy?: boolean } = {}) {
  const cache = createKeyCache(60_000);
  const used: string[] = [];
  const lookups: Lookup[] = [];
  let waiting: ((l: Lookup) => void) | undefined;
  /** Keys answered at once; any other key waits for the test. */
  const known = new Map<string, KeyOwner | undefined>();
  const app = new Hono<EdgeEnv>();
  app.use(
    "*",
    authenticate({
      cache,
      findOwner(key) {
        if (known.has(key)) {
          lookups.push({ key, answer() {} });
          return Promise.resolve(known.get(key));
        }
        return new Promise((resolve) => {
          const lookup = { key, answer: resolve };
          lookups.push(lookup);
          waiting?.(lookup);
        });
      },
      keyUsed: (o) => used.push(o.keyId),
      attempts: createClientLimiter({ perMinute: opts.perMinute ?? 100 }),
      trustProxy: opts.trustProxy ?? false,
    }),
  );
  app.get("/who", (c) => c.json(c.get("partner")));
  app.onError((err, c) => {
    if (err instanceof ApiError) return problemResponse(err, "req_test", "https://x.test");
    return c.text(String(err), 500);
  });
  return {
    cache,
    lookups,
    known,
    /** The key ids of authenticated requests, in order. */
    used,
    /** The next lookup the middleware starts. */
    nextLookup: () => new Promise<Lookup>((resolve) => waiting = resolve),
    async request(
      key: string | undefined,
      from = "192.0.2.1",
      headers: Record<string, string> = {},
    ) {
      const res = await app.request(
        "/who",
        { headers: { ...headers, ...(key ? { authorization: `Bearer ${key}` } : {}) } },
        { remoteAddr: { hostname: from, port: 40000, transport: "tcp" } },
      );
      return { status: res.status, headers: res.headers, body: await res.json() };
    },
  };
}

Deno.test("authenticate: a lookup that raced a key change does not cache the owner it read", async () => {
  const h = harness();
  const first = h.nextLookup();
  const before = h.request(KEY);
  const lookup = await first;
  // The key's plan changes while the lookup is in flight: NOTIFY clears the cache.
  h.cache.clear();
  lookup.answer(owner("ptn_1"));
  assert.deepEqual((await before).body, owner("ptn_1"), "a request older than the change");
  assert.equal(h.cache.get(KEY), undefined, "the stale owner is not cached");

  const second = h.nextLookup();
  const after = h.request(KEY);
  const outcome = await Promise.race([second, after.then(() => undefined)]);
  assert.ok(outcome, "the next request looks the key up again");
  outcome.answer(owner("ptn_1", { plan: "scale" }));
  assert.deepEqual((await after).body, owner("ptn_1", { plan: "scale" }));
  assert.deepEqual(h.cache.get(KEY), owner("ptn_1", { plan: "scale" }));
});

Deno.test("authenticate: a request after a key change never joins a lookup that started before it", async () => {
  const h = harness();
  const first = h.nextLookup();
  const before = h.request(KEY);
  const stale = await first;
  h.cache.clear();
  const second = h.nextLookup();
  const after = h.request(KEY);
  stale.answer(owner("ptn_1"));
  const outcome = await Promise.race([second, after.then(() => undefined)]);
  assert.ok(outcome, "the request after the change started its own lookup");
  outcome.answer(undefined);
  assert.equal((await after).status, 401, "the revoked key is refused");
  assert.equal((await before).status, 200);
});

Deno.test("authenticate: concurrent requests with one uncached key share one lookup", async () => {
  const h = harness();
  const first = h.nextLookup();
  const requests = Array.from({ length: 5 }, () => h.request(KEY));
  (await first).answer(owner("ptn_1"));
  for (const r of await Promise.all(requests)) assert.deepEqual(r.body, owner("ptn_1"));
  assert.equal(h.lookups.length, 1);
  assert.deepEqual((await h.request(KEY)).body, owner("ptn_1"));
  assert.equal(h.lookups.length, 1, "then the cache answers");
  assert.equal(h.used.length, 6, "every authenticated request reports its key's use");
});

Deno.test("authenticate: random keys from one address get 429 past the allowance, before any lookup", async () => {
  const h = harness({ perMinute: 5 });
  const keys = Array.from({ length: 20 }, randomKey);
  for (const k of keys) h.known.set(k, undefined);
  for (const k of keys.slice(0, 5)) assert.equal((await h.request(k)).status, 401);
  assert.equal(h.lookups.length, 5);
  for (const k of keys.slice(5, 15)) {
    const res = await h.request(k);
    assert.equal(res.status, 429);
    assert.equal(res.body.code, "partner.auth_rate_limited");
    assert.match(res.body.messageAr, /[\u0600-\u06FF]/);
    assert.equal(res.headers.get("retry-after"), "12", "one attempt every 12 s at 5 a minute");
  }
  assert.equal(h.lookups.length, 5, "no lookup once the address is refused");
  // Another address is not held up, and a key the cache holds costs nothing.
  assert.equal((await h.request(keys[15]!, "192.0.2.2")).status, 401);
  h.cache.set(KEY, owner("ptn_1"), h.cache.generation());
  assert.equal((await h.request(KEY)).status, 200);
});

Deno.test("authenticate: a valid key gives its unit back, so only failures use the allowance up", async () => {
  const h = harness({ perMinute: 3 });
  for (let i = 0; i < 10; i++) {
    const k = randomKey();
    h.known.set(k, owner(`ptn_${i}`));
    assert.equal((await h.request(k)).status, 200, `valid key ${i}`);
  }
  assert.equal(h.lookups.length, 10);
});

Deno.test("authenticate: a missing or malformed key counts as a failed authentication", async () => {
  const h = harness({ perMinute: 2 });
  assert.equal((await h.request(undefined)).status, 401);
  assert.equal((await h.request("not-a-key")).status, 401);
  const res = await h.request(undefined);
  assert.equal(res.status, 429);
  assert.equal(res.body.code, "partner.auth_rate_limited");
  assert.equal(h.lookups.length, 0);
});

Deno.test("authenticate: X-Forwarded-For names the client only behind a trusted proxy", async () => {
  const direct = harness({ perMinute: 1 });
  assert.equal(
    (await direct.request(undefined, "10.0.0.9", { "x-forwarded-for": "1.1.1.1" })).status,
    401,
  );
  assert.equal(
    (await direct.request(undefined, "10.0.0.9", { "x-forwarded-for": "2.2.2.2" })).status,
    429,
  );
  const proxied = harness({ perMinute: 1, trustProxy: true });
  assert.equal(
    (await proxied.request(undefined, "10.0.0.9", { "x-forwarded-for": "1.1.1.1" })).status,
    401,
  );
  assert.equal(
    (await proxied.request(undefined, "10.0.0.9", { "x-forwarded-for": "2.2.2.2" })).status,
    401,
  );
  assert.equal(
    (await proxied.request(undefined, "10.0.0.9", { "x-forwarded-for": "9.9.9.9, 1.1.1.1" }))
      .status,
    429,
  );
});

// The recording of keys' use: its throttle, with the write in the test's hands.

function recorder(opts: { fail?: boolean } = {}) {
  const clock = fakeClock();
  const recorded: string[] = [];
  const warnings: Record<string, unknown>[] = [];
  const use = keyUseRecorder({
    record(keyId) {
      recorded.push(keyId);
      return opts.fail ? Promise.reject(new Error("connection lost")) : Promise.resolve();
    },
    log: { ...silentLogger, warn: (_msg, fields) => void warnings.push(fields ?? {}) },
    everyMs: 60_000,
    now: clock.now,
  });
  return { clock, recorded, warnings, use };
}

Deno.test("keyUseRecorder records a key's first use, then not again until a minute has passed", () => {
  const r = recorder();
  r.use(owner("ptn_1"));
  r.clock.advance(59_999);
  r.use(owner("ptn_1"));
  assert.deepEqual(r.recorded, ["key_ptn_1"]);
  r.clock.advance(1);
  r.use(owner("ptn_1"));
  r.use(owner("ptn_1"));
  assert.deepEqual(r.recorded, ["key_ptn_1", "key_ptn_1"]);
});

Deno.test("keyUseRecorder throttles each key on its own", () => {
  const r = recorder();
  r.use(owner("ptn_1"));
  r.clock.advance(30_000);
  r.use(owner("ptn_2"));
  r.use(owner("ptn_1"));
  r.clock.advance(30_000);
  r.use(owner("ptn_1"));
  r.use(owner("ptn_2"));
  assert.deepEqual(r.recorded, ["key_ptn_1", "key_ptn_2", "key_ptn_1"]);
});

Deno.test("keyUseRecorder logs a failed write instead of throwing, and tries again a minute later", async () => {
  const r = recorder({ fail: true });
  r.use(owner("ptn_1"));
  r.use(owner("ptn_1"));
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(r.warnings.length, 1);
  assert.equal(r.warnings[0]!.key_prefix, "hk_live_abcdef");
  r.clock.advance(60_000);
  r.use(owner("ptn_1"));
  assert.deepEqual(r.recorded, ["key_ptn_1", "key_ptn_1"]);
});

import assert from "node:assert/strict";
import { generateApiKey, hashApiKey, isWellFormedApiKey, keyPrefix } from "./api_keys.ts";

const KEY_FORMAT = /^hk_live_[A-Za-z0-9_-]{43}$/;

Deno.test("generateApiKey returns hk_live_ followed by 43 base64url characters", () => {
  for (let i = 0; i < 200; i++) {
    const key = generateApiKey();
    assert.match(key, KEY_FORMAT);
    assert.equal(key.length, 51);
    assert.ok(isWellFormedApiKey(key), key);
  }
});

Deno.test("generateApiKey returns distinct keys", () => {
  const keys = Array.from({ length: 1000 }, () => generateApiKey());
  assert.equal(new Set(keys).size, keys.length);
});

Deno.test("isWellFormedApiKey accepts the issued shape", () => {
  assert.ok(isWellFormedApiKey(`hk_live_${"A".repeat(43)}`));
  assert.ok(isWellFormedApiKey(`hk_live_${"aZ09_-".repeat(7)}x`));
});

Deno.test("isWellFormedApiKey rejects a wrong prefix", () => {
  const body = generateApiKey().slice("hk_live_".length);
  for (
    const prefix of ["", "hk_test_", "HK_LIVE_", "hk_live", "hk-live-", "sk_live_", " hk_live_"]
  ) {
    assert.equal(isWellFormedApiKey(prefix + body), false, JSON.stringify(prefix));
  }
});

Deno.test("isWellFormedApiKey rejects a wrong length", () => {
  for (const n of [0, 1, 42, 44, 86]) {
    assert.equal(isWellFormedApiKey(`hk_live_${"A".repeat(n)}`), false, String(n));
  }
  const key = generateApiKey();
  assert.equal(isWellFormedApiKey(key.slice(0, -1)), false);
  assert.equal(isWellFormedApiKey(`${key}A`), false);
});

Deno.test("isWellFormedApiKey rejects characters outside base64url", () => {
  const key = generateApiKey();
  for (const ch of ["+", "/", "=", " ", ".", "é", "\n", "\u0000"]) {
    const bad = `${key.slice(0, 20)}${ch}${key.slice(21)}`;
    assert.equal(bad.length, key.length);
    assert.equal(isWellFormedApiKey(bad), false, JSON.stringify(ch));
  }
  assert.equal(isWellFormedApiKey(`${key}\n`), false, "trailing newline");
  assert.equal(isWellFormedApiKey(` ${key}`), false, "leading space");
});

Deno.test("hashApiKey is 64 lowercase hex characters and deterministic", async () => {
  const key = generateApiKey();
  const hash = await hashApiKey(key);
  assert.match(hash, /^[0-9a-f]{64}$/);
  assert.equal(await hashApiKey(key), hash);
});

Deno.test("hashApiKey is the SHA-256 of the key", async () => {
  // SHA-256("abc"), from FIPS 180-2.
  assert.equal(
    await hashApiKey("abc"),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
});

Deno.test("hashApiKey differs for different keys", async () => {
  const keys = Array.from({ length: 50 }, () => generateApiKey());
  const hashes = await Promise.all(keys.map(hashApiKey));
  assert.equal(new Set(hashes).size, keys.length);
});

Deno.test("keyPrefix keeps hk_live_ and 6 more characters", () => {
  const key = generateApiKey();
  assert.equal(keyPrefix(key), key.slice(0, 14));
  assert.equal(keyPrefix(key).length, 14);
  assert.ok(keyPrefix(key).startsWith("hk_live_"));
});

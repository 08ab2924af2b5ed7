import assert from "node:assert/strict";
import { hashToken, isToken, newToken, sameToken } from "./tokens.ts";

Deno.test("newToken makes 32 random bytes as 43 base64url characters, never the same twice", () => {
  const tokens = new Set(Array.from({ length: 1000 }, newToken));
  assert.equal(tokens.size, 1000);
  for (const t of tokens) assert.ok(isToken(t), t);
});

Deno.test("isToken refuses what no token looks like", () => {
  for (const bad of ["", "x".repeat(42), "x".repeat(44), `${"x".repeat(42)}=`, 42, null]) {
    assert.equal(isToken(bad), false, String(bad));
  }
});

Deno.test("hashToken is SHA-256 and sameToken compares whole tokens", async () => {
  const hash = await hashToken("abc");
  assert.equal(
    Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join(""),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
  const t = newToken();
  assert.ok(sameToken(t, t));
  assert.equal(sameToken(t, newToken()), false);
  assert.equal(sameToken(t, t.slice(1)), false);
});

import assert from "node:assert/strict";
import { decodeBase64Url, encodeBase64Url } from "./base64url.ts";

Deno.test("base64url round trip of random bytes of every length from 0 to 300", () => {
  for (let n = 0; n <= 300; n++) {
    const bytes = crypto.getRandomValues(new Uint8Array(n));
    const text = encodeBase64Url(bytes);
    assert.match(text, /^[A-Za-z0-9_-]*$/, `length ${n}`);
    assert.equal(text.length, Math.ceil((n * 4) / 3), `unpadded length for ${n} bytes`);
    assert.deepEqual(decodeBase64Url(text), bytes, `length ${n}`);
  }
});

Deno.test("base64url round trip of larger random buffers", () => {
  for (const n of [1_000, 4_096, 65_535, 65_536]) {
    const bytes = new Uint8Array(n);
    for (let i = 0; i < n; i += 65_536) {
      crypto.getRandomValues(bytes.subarray(i, Math.min(n, i + 65_536)));
    }
    assert.deepEqual(decodeBase64Url(encodeBase64Url(bytes)), bytes, `length ${n}`);
  }
});

Deno.test("base64url encodes with - and _ instead of + and /, without padding", () => {
  assert.equal(encodeBase64Url(new Uint8Array([0xfb, 0xff])), "-_8");
  assert.equal(encodeBase64Url(new Uint8Array([0xff, 0xff, 0xff])), "____");
  assert.equal(encodeBase64Url(new Uint8Array([0xf8])), "-A");
  assert.equal(encodeBase64Url(new TextEncoder().encode("f")), "Zg");
  assert.equal(encodeBase64Url(new TextEncoder().encode("foobar")), "Zm9vYmFy");
  assert.equal(encodeBase64Url(new Uint8Array()), "");
});

Deno.test("base64url decodes the RFC 4648 test vectors", () => {
  const vectors: [string, string][] = [
    ["", ""],
    ["Zg", "f"],
    ["Zm8", "fo"],
    ["Zm9v", "foo"],
    ["Zm9vYg", "foob"],
    ["Zm9vYmE", "fooba"],
    ["Zm9vYmFy", "foobar"],
  ];
  for (const [encoded, text] of vectors) {
    assert.equal(new TextDecoder().decode(decodeBase64Url(encoded)), text, encoded);
  }
  assert.deepEqual(decodeBase64Url("-_8"), new Uint8Array([0xfb, 0xff]));
});

Deno.test("base64url rejects characters outside the alphabet", () => {
  for (const text of ["ab+c", "ab/c", "Zm9v YmFy", "Zm9v\n", "Zm9v.", "Zm9v!", "Zé", "ﾠ"]) {
    assert.throws(() => decodeBase64Url(text), Error, JSON.stringify(text));
  }
});

Deno.test("base64url rejects an impossible length", () => {
  for (const text of ["A", "AAAAA", "Zm9vY"]) {
    assert.throws(() => decodeBase64Url(text), JSON.stringify(text));
  }
});

import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { generateWebhookSecret, isWebhookSecret } from "./secret.ts";

Deno.test("generateWebhookSecret returns whsec_ and 43 base64url characters", () => {
  for (let i = 0; i < 500; i++) {
    const secret = generateWebhookSecret();
    assert.match(secret, /^whsec_[A-Za-z0-9_-]{43}$/);
    assert.equal(secret.length, 49);
    assert.ok(isWebhookSecret(secret), secret);
  }
});

Deno.test("generateWebhookSecret encodes 32 bytes without padding", () => {
  const secret = generateWebhookSecret();
  const bytes = Buffer.from(secret.slice("whsec_".length), "base64url");
  assert.equal(bytes.length, 32);
  assert.equal(bytes.toString("base64url"), secret.slice("whsec_".length));
});

Deno.test("generateWebhookSecret returns distinct secrets", () => {
  const secrets = Array.from({ length: 1000 }, () => generateWebhookSecret());
  assert.equal(new Set(secrets).size, secrets.length);
});

Deno.test("isWebhookSecret accepts the issued shape", () => {
  assert.ok(isWebhookSecret(`whsec_${"A".repeat(43)}`));
  assert.ok(isWebhookSecret(`whsec_${"aZ09_-".repeat(7)}w`));
});

Deno.test("isWebhookSecret rejects a wrong prefix", () => {
  const body = generateWebhookSecret().slice("whsec_".length);
  for (const prefix of ["", "whsec", "WHSEC_", "whsec-", "wh_", " whsec_", "hk_live_"]) {
    assert.equal(isWebhookSecret(prefix + body), false, JSON.stringify(prefix));
  }
});

Deno.test("isWebhookSecret rejects a wrong length, padding and foreign characters", () => {
  for (const n of [0, 1, 42, 44, 86]) {
    assert.equal(isWebhookSecret(`whsec_${"A".repeat(n)}`), false, String(n));
  }
  const secret = generateWebhookSecret();
  for (
    const bad of [
      `${secret}=`,
      `${secret}\n`,
      ` ${secret}`,
      `${secret.slice(0, -1)}+`,
      `${secret.slice(0, 20)}/${secret.slice(21)}`,
      `${secret.slice(0, 20)}=${secret.slice(21)}`,
    ]
  ) {
    assert.equal(isWebhookSecret(bad), false, JSON.stringify(bad));
  }
});

Deno.test("isWebhookSecret rejects a last character that 32 bytes cannot produce", () => {
  // "B" would set a bit beyond the 256th; no 32-byte value encodes to it.
  assert.equal(isWebhookSecret(`whsec_${"A".repeat(42)}B`), false);
});

Deno.test("isWebhookSecret rejects non-strings", () => {
  for (const value of [undefined, null, 42, {}, ["whsec_"]]) {
    assert.equal(isWebhookSecret(value), false);
  }
});

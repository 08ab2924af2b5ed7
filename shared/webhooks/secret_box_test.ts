import assert from "node:assert/strict";
import { createDecipheriv } from "node:crypto";
import { Buffer } from "node:buffer";
import { createSecretBox, type SecretBox, SecretBoxError, type SecretPlace } from "./secret_box.ts";
import { generateSecretKey } from "./secret_keys.ts";
import { generateWebhookSecret } from "./secret.ts";

const HERE: SecretPlace = { webhookId: "wh_01HZY5Q0000000000000000000", slot: "current" };

async function rejects(promise: Promise<unknown>, reason: SecretBoxError["reason"]) {
  await assert.rejects(promise, (err: unknown) => {
    assert.ok(err instanceof SecretBoxError, String(err));
    assert.equal(err.reason, reason, err.message);
    return true;
  });
}

Deno.test("secret box: a sealed secret opens to itself at its place, with the key's id", async () => {
  const key = generateSecretKey("k1");
  const box = createSecretBox([key]);
  const secret = generateWebhookSecret();
  const sealed = await box.seal(secret, HERE);
  assert.equal(sealed.keyId, "k1");
  assert.equal(await box.open(sealed, HERE), secret);
});

Deno.test("secret box: the stored bytes are iv, ciphertext and tag, and hold no plaintext", async () => {
  const box = createSecretBox([generateSecretKey("k1")]);
  const secret = generateWebhookSecret();
  const { ciphertext } = await box.seal(secret, HERE);
  assert.equal(ciphertext.length, 12 + secret.length + 16);
  const stored = Buffer.from(ciphertext);
  assert.equal(stored.indexOf(secret.slice("whsec_".length, 20)), -1);
  assert.ok(!stored.toString("latin1").includes("whsec_"));
});

Deno.test("secret box: every seal draws a new IV, so equal secrets never look equal", async () => {
  const box = createSecretBox([generateSecretKey("k1")]);
  const secret = generateWebhookSecret();
  const seen = new Set<string>();
  const ivs = new Set<string>();
  for (let i = 0; i < 200; i++) {
    const { ciphertext } = await box.seal(secret, HERE);
    seen.add(Buffer.from(ciphertext).toString("hex"));
    ivs.add(Buffer.from(ciphertext.subarray(0, 12)).toString("hex"));
  }
  assert.equal(seen.size, 200);
  assert.equal(ivs.size, 200);
});

Deno.test("secret box: the format is standard AES-256-GCM, with the place as additional data", async () => {
  // Opened by node:crypto, independently of WebCrypto: the format is documented, not private.
  const key = generateSecretKey("k1");
  const box = createSecretBox([key]);
  const secret = generateWebhookSecret();
  const { ciphertext } = await box.seal(secret, HERE);
  const decipher = createDecipheriv("aes-256-gcm", key.bytes, ciphertext.subarray(0, 12));
  decipher.setAAD(
    Buffer.from(JSON.stringify(["hire.webhook-secret.v1", HERE.webhookId, "current"])),
  );
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([
    decipher.update(ciphertext.subarray(12, ciphertext.length - 16)),
    decipher.final(),
  ]);
  assert.equal(plain.toString("utf8"), secret);
});

Deno.test("secret box: a ciphertext moved to another webhook does not open", async () => {
  const box = createSecretBox([generateSecretKey("k1")]);
  const sealed = await box.seal(generateWebhookSecret(), HERE);
  await rejects(
    box.open(sealed, { ...HERE, webhookId: "wh_01HZY5Q0000000000000000001" }),
    "not_authentic",
  );
});

Deno.test("secret box: a ciphertext moved between the current and previous slots does not open", async () => {
  const box = createSecretBox([generateSecretKey("k1")]);
  const current = await box.seal(generateWebhookSecret(), HERE);
  const previous = await box.seal(generateWebhookSecret(), { ...HERE, slot: "previous" });
  await rejects(box.open(current, { ...HERE, slot: "previous" }), "not_authentic");
  await rejects(box.open(previous, HERE), "not_authentic");
});

Deno.test("secret box: an altered or truncated ciphertext does not open", async () => {
  const box = createSecretBox([generateSecretKey("k1")]);
  const sealed = await box.seal(generateWebhookSecret(), HERE);
  for (const at of [0, 11, 12, 30, sealed.ciphertext.length - 1]) {
    const altered = sealed.ciphertext.slice();
    altered[at]! ^= 0x01;
    await rejects(box.open({ ...sealed, ciphertext: altered }, HERE), "not_authentic");
  }
  for (const length of [0, 12, 27, sealed.ciphertext.length - 1]) {
    const cut = { ...sealed, ciphertext: sealed.ciphertext.slice(0, length) };
    await rejects(box.open(cut, HERE), "not_authentic");
  }
});

Deno.test("secret box: once opened, a ciphertext still opens only unaltered and at its place", async () => {
  // Opened secrets are kept, so this proves the kept one is never handed to another place.
  const box = createSecretBox([generateSecretKey("k1")]);
  const secret = generateWebhookSecret();
  const sealed = await box.seal(secret, HERE);
  assert.equal(await box.open(sealed, HERE), secret);
  await rejects(
    box.open(sealed, { ...HERE, webhookId: "wh_01HZY5Q0000000000000000001" }),
    "not_authentic",
  );
  await rejects(box.open(sealed, { ...HERE, slot: "previous" }), "not_authentic");
  const altered = sealed.ciphertext.slice();
  altered[20]! ^= 0x01;
  await rejects(box.open({ ...sealed, ciphertext: altered }, HERE), "not_authentic");
  assert.equal(await box.open({ ...sealed, ciphertext: sealed.ciphertext.slice() }, HERE), secret);
});

Deno.test("secret box: another key under the same id does not open it", async () => {
  const sealed = await createSecretBox([generateSecretKey("k1")]).seal("whsec_x", HERE);
  await rejects(createSecretBox([generateSecretKey("k1")]).open(sealed, HERE), "not_authentic");
});

Deno.test("secret box: a key id not configured is named in the error, the key never", async () => {
  const old = generateSecretKey("old");
  const sealed = await createSecretBox([old]).seal(generateWebhookSecret(), HERE);
  const box = createSecretBox([generateSecretKey("new")]);
  await assert.rejects(box.open(sealed, HERE), (err: unknown) => {
    assert.ok(err instanceof SecretBoxError);
    assert.equal(err.reason, "unknown_key");
    assert.match(err.message, /webhook wh_01HZY5Q0000000000000000000/);
    assert.match(err.message, /key "old", which WEBHOOK_SECRET_KEYS does not list \(listed: new\)/);
    assert.ok(!err.message.includes(btoa(String.fromCharCode(...old.bytes))));
    return true;
  });
});

Deno.test("secret box: the first key seals, every key opens (a key rotation)", async () => {
  const [a, b] = [generateSecretKey("a"), generateSecretKey("b")];
  const before = createSecretBox([a]);
  const during: SecretBox = createSecretBox([b, a]);
  const secret = generateWebhookSecret();
  const underA = await before.seal(secret, HERE);
  assert.equal(await during.open(underA, HERE), secret);
  const underB = await during.seal(secret, HERE);
  assert.equal(underB.keyId, "b");
  assert.deepEqual([during.currentKeyId, during.keyIds], ["b", ["b", "a"]]);
  assert.equal(await createSecretBox([b]).open(underB, HERE), secret);
});

Deno.test("secret box: with no key nothing is sealed, and building one costs nothing", async () => {
  const box = createSecretBox([]);
  assert.equal(box.currentKeyId, undefined);
  await rejects(box.seal(generateWebhookSecret(), HERE), "no_key");
});

import assert from "node:assert/strict";
import { createSecretBox, SecretBoxError } from "./secret_box.ts";
import { generateSecretKey } from "./secret_keys.ts";
import { generateWebhookSecret } from "./secret.ts";
import {
  openSigningSecrets,
  openStoredSecret,
  resealStoredSecrets,
  type StoredSecretColumns,
} from "./stored_secrets.ts";

const ID = "wh_01HZY5Q0000000000000000000";
const NOW = new Date("2026-03-01T12:00:00Z");
const [A, B] = [generateSecretKey("a"), generateSecretKey("b")];

/** A row as the edge stores it: `current`, and `previous` until `until`. */
async function stored(
  current: string,
  previous?: { secret: string; until: Date },
  box = createSecretBox([A]),
): Promise<StoredSecretColumns & { id: string; webhook_id: string }> {
  const c = await box.seal(current, { webhookId: ID, slot: "current" });
  const p = previous && await box.seal(previous.secret, { webhookId: ID, slot: "previous" });
  return {
    id: ID,
    webhook_id: ID,
    secret: null,
    previous_secret: null,
    secret_ciphertext: c.ciphertext,
    secret_key_id: c.keyId,
    previous_secret_ciphertext: p?.ciphertext ?? null,
    previous_secret_key_id: p?.keyId ?? null,
    previous_secret_until: previous?.until ?? null,
  };
}

Deno.test("openSigningSecrets: the current secret alone, or both during the overlap", async () => {
  const box = createSecretBox([A]);
  const [current, previous] = [generateWebhookSecret(), generateWebhookSecret()];
  const single = await stored(current);
  assert.deepEqual(await openSigningSecrets(single, { box, now: NOW }), [current]);
  const until = new Date(NOW.getTime() + 1);
  const rotated = await stored(current, { secret: previous, until });
  assert.deepEqual(await openSigningSecrets(rotated, { box, now: NOW }), [current, previous]);
  assert.deepEqual(await openSigningSecrets(rotated, { box, now: until }), [current]);
});

Deno.test("openSigningSecrets: a previous secret past its overlap is not even opened", async () => {
  const current = generateWebhookSecret();
  const row = await stored(current, { secret: generateWebhookSecret(), until: NOW });
  // Its key is gone, and it signs nothing: the delivery goes out with the current one.
  row.previous_secret_key_id = "gone";
  const box = createSecretBox([A]);
  assert.deepEqual(await openSigningSecrets(row, { box, now: NOW }), [current]);
  await assert.rejects(
    openSigningSecrets(row, { box, now: new Date(NOW.getTime() - 1) }),
    (err: unknown) => err instanceof SecretBoxError && err.reason === "unknown_key",
  );
});

Deno.test("openSigningSecrets: a row not sealed yet is a clear error, not plaintext", async () => {
  const row = {
    ...await stored(generateWebhookSecret()),
    secret_ciphertext: null,
    secret_key_id: null,
  };
  await assert.rejects(
    openSigningSecrets(row, { box: createSecretBox([A]) }),
    (err: unknown) =>
      err instanceof SecretBoxError && err.reason === "not_sealed" &&
      /current secret of webhook wh_\w+ is not encrypted yet/.test(err.message),
  );
});

Deno.test("resealStoredSecrets: both secrets move to the current key, and still open", async () => {
  const [current, previous] = [generateWebhookSecret(), generateWebhookSecret()];
  const row = await stored(current, { secret: previous, until: NOW });
  const rotating = createSecretBox([B, A]);
  const resealed = await resealStoredSecrets(row, rotating);
  assert.equal(resealed.secret_key_id, "b");
  assert.equal(resealed.previous_secret_key_id, "b");
  const after = { ...row, ...resealed };
  const onlyB = createSecretBox([B]);
  assert.equal(await openStoredSecret(after, { box: onlyB, slot: "current" }), current);
  assert.equal(await openStoredSecret(after, { box: onlyB, slot: "previous" }), previous);
});

Deno.test("resealStoredSecrets: a row from before encryption is sealed from its plaintext", async () => {
  const [current, previous] = [generateWebhookSecret(), generateWebhookSecret()];
  const legacy: StoredSecretColumns & { id: string } = {
    id: ID,
    secret: current,
    previous_secret: previous,
    secret_ciphertext: null,
    secret_key_id: null,
    previous_secret_ciphertext: null,
    previous_secret_key_id: null,
    previous_secret_until: NOW,
  };
  const box = createSecretBox([A]);
  const resealed = await resealStoredSecrets(legacy, box);
  const after = { ...legacy, ...resealed, secret: null, previous_secret: null };
  assert.equal(await openStoredSecret(after, { box, slot: "current" }), current);
  assert.equal(await openStoredSecret(after, { box, slot: "previous" }), previous);
  const noPrevious = await resealStoredSecrets({ ...legacy, previous_secret: null }, box);
  assert.equal(noPrevious.previous_secret_ciphertext, null);
  assert.equal(noPrevious.previous_secret_key_id, null);
});

Deno.test("resealStoredSecrets: a secret that does not open is an error, nothing half done", async () => {
  const row = await stored(generateWebhookSecret(), {
    secret: generateWebhookSecret(),
    until: NOW,
  });
  row.previous_secret_ciphertext = (await stored(generateWebhookSecret())).secret_ciphertext;
  await assert.rejects(
    resealStoredSecrets(row, createSecretBox([B, A])),
    (err: unknown) => err instanceof SecretBoxError && err.reason === "not_authentic",
  );
});

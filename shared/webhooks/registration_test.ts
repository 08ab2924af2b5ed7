import assert from "node:assert/strict";
import { generateWebhookSecret } from "./secret.ts";
import { signingSecrets, toPublicWebhook, type WebhookRow } from "./registration.ts";

const row = (over: Partial<WebhookRow> = {}): WebhookRow => ({
  id: "wh_1",
  partner_id: "ptr_1",
  url: "https://x.example/",
  events: ["job.created"],
  is_active: true,
  secret_ciphertext: new Uint8Array(64),
  secret_key_id: "k1",
  previous_secret_ciphertext: null,
  previous_secret_key_id: null,
  previous_secret_until: null,
  consecutive_failures: 0,
  disabled_at: null,
  disabled_reason: null,
  created_at: new Date("2026-01-01T00:00:00Z"),
  updated_at: new Date("2026-01-01T00:00:00Z"),
  ...over,
});

Deno.test("the public webhook never carries a secret, sealed or not, nor its key id", () => {
  const r = row({ previous_secret_ciphertext: new Uint8Array(64), previous_secret_key_id: "k1" });
  const text = JSON.stringify(toPublicWebhook(r));
  assert.ok(!/secret_ciphertext|key_id|"k1"/.test(text), text);
});

Deno.test("the previous secret signs only until its overlap ends", () => {
  const now = new Date("2026-01-02T00:00:00Z");
  const [secret, previous] = [generateWebhookSecret(), generateWebhookSecret()];
  const during = row({ previous_secret_until: new Date(now.getTime() + 1) });
  const after = row({ previous_secret_until: now });
  const secrets = (r: WebhookRow) => ({ secret, previous_secret: previous, ...r });
  assert.deepEqual(signingSecrets(secrets(during), now), [secret, previous]);
  assert.deepEqual(signingSecrets(secrets(after), now), [secret]);
  assert.deepEqual(signingSecrets({ ...secrets(during), previous_secret: null }, now), [secret]);
  assert.equal(toPublicWebhook(during, now).previous_secret_expires_at, "2026-01-02T00:00:00.001Z");
  assert.equal(toPublicWebhook(after, now).previous_secret_expires_at, null);
});

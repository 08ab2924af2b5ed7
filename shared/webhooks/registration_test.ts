import assert from "node:assert/strict";
import { generateWebhookSecret } from "./secret.ts";
import { signingSecrets, toPublicWebhook, type WebhookRow } from "./registration.ts";

const row = (over: Partial<WebhookRow> = {}): WebhookRow => ({
  id: "wh_1",
  partner_id: "ptr_1",
  url: "https://x.example/",
  events: ["job.created"],
  is_active: true,
  secret: generateWebhookSecret(),
  previous_secret: null,
  previous_secret_until: null,
  consecutive_failures: 0,
  disabled_at: null,
  disabled_reason: null,
  created_at: new Date("2026-01-01T00:00:00Z"),
  updated_at: new Date("2026-01-01T00:00:00Z"),
  ...over,
});

Deno.test("the public webhook never carries a secret", () => {
  const r = row({ previous_secret: generateWebhookSecret() });
  const text = JSON.stringify(toPublicWebhook(r));
  assert.ok(!text.includes("whsec_"));
});

Deno.test("the previous secret signs only until its overlap ends", () => {
  const now = new Date("2026-01-02T00:00:00Z");
  const previous = generateWebhookSecret();
  const during = row({
    previous_secret: previous,
    previous_secret_until: new Date(now.getTime() + 1),
  });
  const after = row({ previous_secret: previous, previous_secret_until: now });
  assert.deepEqual(signingSecrets(during, now), [during.secret, previous]);
  assert.deepEqual(signingSecrets(after, now), [after.secret]);
  assert.equal(toPublicWebhook(during, now).previous_secret_expires_at, "2026-01-02T00:00:00.001Z");
  assert.equal(toPublicWebhook(after, now).previous_secret_expires_at, null);
});

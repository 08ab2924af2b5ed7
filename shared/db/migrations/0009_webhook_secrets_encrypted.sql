-- Webhook signing secrets are stored encrypted (AES-256-GCM, shared/webhooks/secret_box.ts):
-- `iv ‖ ciphertext ‖ tag`, with the id of the key (WEBHOOK_SECRET_KEYS) that sealed it.
--
-- SQL holds no key, so this cannot encrypt the secrets already stored: their plaintext
-- columns stay, nullable, and the delivery service seals every such row at its first start
-- and empties them (shared/tables/webhooks.ts, reencryptWebhookSecrets). Nothing reads a
-- plaintext column once its row is sealed; the edge and that sweep are the only readers
-- before. The columns are dropped by a later migration, which must refuse to run while a
-- row still holds plaintext (rows written by an edge older than this release, say).
ALTER TABLE webhooks
  ALTER COLUMN secret DROP NOT NULL,
  ADD COLUMN secret_ciphertext bytea,
  ADD COLUMN secret_key_id text,
  ADD COLUMN previous_secret_ciphertext bytea,
  ADD COLUMN previous_secret_key_id text,
  -- Each secret in one form: sealed with its key id, or (rows from before) plaintext.
  ADD CONSTRAINT webhooks_secret_one_form
    CHECK ((secret IS NULL) <> (secret_ciphertext IS NULL)),
  ADD CONSTRAINT webhooks_secret_key
    CHECK ((secret_ciphertext IS NULL) = (secret_key_id IS NULL)),
  ADD CONSTRAINT webhooks_previous_secret_one_form
    CHECK (previous_secret IS NULL OR previous_secret_ciphertext IS NULL),
  ADD CONSTRAINT webhooks_previous_secret_key
    CHECK ((previous_secret_ciphertext IS NULL) = (previous_secret_key_id IS NULL));

-- The delivery service's sweep clears previous secrets whose overlap has ended.
CREATE INDEX webhooks_previous_secret_until ON webhooks (previous_secret_until)
  WHERE previous_secret_until IS NOT NULL;

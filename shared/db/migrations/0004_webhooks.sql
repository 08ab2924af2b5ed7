-- Webhooks, the events they are sent, and every delivery attempt.

CREATE TABLE webhooks (
  id                   text PRIMARY KEY,
  partner_id           text NOT NULL REFERENCES partners (id),
  url                  text NOT NULL,
  events               text[] NOT NULL,
  is_active            boolean NOT NULL,
  secret               text NOT NULL,
  -- After a rotation deliveries are signed with both secrets until this time.
  previous_secret      text,
  previous_secret_until timestamptz,
  -- Failed attempts since the last 2xx; the auto-disable rule reads it.
  consecutive_failures integer NOT NULL DEFAULT 0,
  disabled_at          timestamptz,
  disabled_reason      text,
  created_at           timestamptz NOT NULL,
  updated_at           timestamptz NOT NULL
);
CREATE INDEX webhooks_partner ON webhooks (partner_id, created_at, id);

-- The envelope of each event sent to at least one webhook, as the exact JSON text (jsonb
-- would reorder its keys), so every retry and redelivery sends the same body, signed afresh.
CREATE TABLE webhook_events (
  id         text PRIMARY KEY,
  partner_id text NOT NULL,
  job_id     text NOT NULL,
  type       text NOT NULL,
  envelope   text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_events_created ON webhook_events (created_at);

-- One row per attempt. A row is 'pending' from the moment the attempt is due until it is
-- made; pending rows are the dispatcher's work queue (claimed with a lease, so a crashed
-- dispatcher's attempts are made by another after the lease ends).
CREATE TABLE webhook_deliveries (
  id           text PRIMARY KEY,
  seq          bigint GENERATED ALWAYS AS IDENTITY,
  webhook_id   text NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  partner_id   text NOT NULL,
  event_id     text NOT NULL REFERENCES webhook_events (id),
  event_type   text NOT NULL,
  job_id       text NOT NULL,
  attempt      integer NOT NULL CHECK (attempt >= 1),
  trigger      text NOT NULL CHECK (trigger IN ('event', 'retry', 'redeliver')),
  status       text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed', 'cancelled')),
  status_code  integer,
  duration_ms  integer,
  error        text,
  -- After a failure: 'retry' (due at next_attempt_at), 'dead' (schedule exhausted) or
  -- 'none' (a manual redelivery, which is not retried).
  next_step    text CHECK (next_step IN ('retry', 'dead', 'none')),
  next_attempt_at timestamptz,
  locked_until timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  attempted_at timestamptz
);
-- A redelivered Kafka message (event or retry) must not create a second attempt.
CREATE UNIQUE INDEX webhook_deliveries_once ON webhook_deliveries (webhook_id, event_id, attempt)
  WHERE trigger <> 'redeliver';
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (webhook_id, job_id, seq)
  WHERE status = 'pending';
-- The delivery log pages newest first per webhook.
CREATE INDEX webhook_deliveries_log ON webhook_deliveries (webhook_id, created_at DESC, id DESC);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (webhook_id, event_id);
CREATE INDEX webhook_deliveries_created ON webhook_deliveries (created_at);

-- E-mails to send, written in the transaction that decides them and sent afterwards, so a
-- crash between the decision and the SMTP call loses no notice.
CREATE TABLE mail_outbox (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  recipients text[] NOT NULL,
  subject    text NOT NULL,
  text_body  text NOT NULL,
  html_body  text,
  attempts   integer NOT NULL DEFAULT 0,
  last_error text,
  next_try_at timestamptz NOT NULL DEFAULT now(),
  sent_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_try_at) WHERE sent_at IS NULL;

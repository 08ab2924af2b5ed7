-- Partners, their API keys, and jobs.

CREATE TABLE partners (
  id           text PRIMARY KEY,
  name         text NOT NULL,
  plan         text NOT NULL CHECK (plan IN ('sandbox', 'growth', 'scale')),
  admin_emails text[] NOT NULL DEFAULT '{}',
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- Keys are stored only as SHA-256 hashes: they are 256-bit random secrets, so a slow
-- password hash would add latency to every request without adding safety.
CREATE TABLE api_keys (
  id          text PRIMARY KEY,
  partner_id  text NOT NULL REFERENCES partners (id),
  key_hash    bytea NOT NULL UNIQUE,
  key_prefix  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz
);
CREATE INDEX api_keys_partner ON api_keys (partner_id);

CREATE TABLE jobs (
  id               text PRIMARY KEY,
  partner_id       text NOT NULL REFERENCES partners (id),
  title            text NOT NULL,
  description      text NOT NULL,
  city             text NOT NULL,
  employment_type  text NOT NULL,
  salary_min       integer,
  salary_max       integer,
  currency         text NOT NULL DEFAULT 'SAR',
  status           text NOT NULL DEFAULT 'active',
  embedding_status text NOT NULL DEFAULT 'processing',
  match_ready      boolean NOT NULL DEFAULT false,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  deleted_at       timestamptz
);
-- The list endpoint pages by (created_at, id) descending within a partner, optionally by
-- status or city; deleted jobs are never listed.
CREATE INDEX jobs_list ON jobs (partner_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX jobs_list_status ON jobs (partner_id, status, created_at DESC, id DESC)
  WHERE deleted_at IS NULL;
CREATE INDEX jobs_list_city ON jobs (partner_id, city, created_at DESC, id DESC)
  WHERE deleted_at IS NULL;
CREATE INDEX jobs_deleted ON jobs (deleted_at) WHERE deleted_at IS NOT NULL;

-- One row per command the job service has settled (or the edge has fenced off after
-- answering 503). Its primary key is what makes a redelivered command a no-op. 'failed'
-- marks a command that cannot be applied (a bug), set aside so its partition moves on.
CREATE TABLE command_results (
  command_id text PRIMARY KEY,
  job_id     text NOT NULL,
  outcome    text NOT NULL CHECK (outcome IN ('applied', 'not_found', 'rejected', 'expired', 'failed')),
  errors     jsonb,
  settled_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX command_results_settled ON command_results (settled_at);

-- Transactional outbox of public events: written in the same transaction as the change,
-- published to Kafka after commit, in seq order.
CREATE TABLE outbox (
  seq          bigserial PRIMARY KEY,
  event_id     text NOT NULL UNIQUE,
  job_id       text NOT NULL,
  topic        text NOT NULL,
  -- json, not jsonb: the event is published exactly as serialised, key order included.
  payload      json NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz
);
CREATE INDEX outbox_unpublished ON outbox (seq) WHERE published_at IS NULL;
CREATE INDEX outbox_published ON outbox (published_at) WHERE published_at IS NOT NULL;

-- Idempotency-Key records: (partner, key) for 24 hours. command_id and job_id name the
-- command a claim sent, so a retry after a crashed request can find out whether it took
-- effect instead of doing the work twice.
CREATE TABLE idempotency_keys (
  partner_id   text NOT NULL REFERENCES partners (id),
  key          text NOT NULL,
  request_hash text NOT NULL,
  state        text NOT NULL CHECK (state IN ('in_progress', 'done')),
  command_id   text NOT NULL,
  job_id       text NOT NULL,
  status_code  integer,
  response     jsonb,
  created_at   timestamptz NOT NULL DEFAULT now(),
  locked_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (partner_id, key)
);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);

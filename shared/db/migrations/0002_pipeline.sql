-- The embedding and matching pipeline.

-- Outbox rows are keyed by a job or a seeker id: the Kafka message key.
ALTER TABLE outbox RENAME COLUMN job_id TO key;

-- content_version counts title/description changes; embedded_version is the version the
-- stored vector was made from, so a late embedding of an older text is never applied.
ALTER TABLE jobs
  ADD COLUMN content_version    integer NOT NULL DEFAULT 1,
  ADD COLUMN embedded_version   integer NOT NULL DEFAULT 0,
  ADD COLUMN first_ready_at     timestamptz,
  ADD COLUMN embedding_attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN embedding_retry_at timestamptz,
  ADD COLUMN embedding_error    text;
CREATE INDEX jobs_embedding_retry ON jobs (embedding_retry_at) WHERE embedding_retry_at IS NOT NULL;

-- Seeker profiles as last received on seekers.v1.
CREATE TABLE seekers (
  id                 text PRIMARY KEY,
  headline           text NOT NULL,
  summary            text NOT NULL,
  skills             text[] NOT NULL,
  city               text NOT NULL,
  employment_types   text[] NOT NULL,
  salary_expectation integer,
  updated_at         timestamptz NOT NULL,
  -- Hash of the embedded text: a profile update that does not change it is not re-embedded.
  content_hash       text NOT NULL,
  embedded_hash      text,
  embedding_attempts integer NOT NULL DEFAULT 0,
  embedding_retry_at timestamptz,
  embedding_error    text
);
CREATE INDEX seekers_embedding_retry ON seekers (embedding_retry_at)
  WHERE embedding_retry_at IS NOT NULL;

-- Every match announced, once per (job, seeker).
CREATE TABLE matches (
  job_id     text NOT NULL,
  seeker_id  text NOT NULL,
  partner_id text NOT NULL,
  score      double precision NOT NULL CHECK (score >= 0 AND score <= 1),
  event_id   text NOT NULL,
  matched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (job_id, seeker_id)
);
CREATE INDEX matches_partner ON matches (partner_id, matched_at DESC);
CREATE INDEX matches_seeker ON matches (seeker_id);

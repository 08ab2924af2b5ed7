-- Per-plan limits, counted in Postgres so that every edge process shares them.

-- One row per partner: the current one-minute window (the database's clock, so edges agree)
-- and the requests granted in it to edges, which take them in small batches. It is written
-- on the hot path, so it is UNLOGGED: its commits wait for no WAL flush. A crash of Postgres
-- empties it, which costs at most one minute of counting; the monthly quota stays durable.
-- `last_granted` is what the last statement granted, returned by that same statement.
CREATE UNLOGGED TABLE rate_limit_windows (
  partner_id   text PRIMARY KEY REFERENCES partners (id) ON DELETE CASCADE,
  window_start timestamptz NOT NULL,
  requests     integer NOT NULL,
  last_granted integer NOT NULL
);

-- Jobs created per partner per calendar month (UTC). `used` includes reservations of
-- requests in flight, released again when a create does not happen; `last_reserved` is what
-- the last reservation obtained, returned by the same statement that made it.
CREATE TABLE job_quota_usage (
  partner_id    text NOT NULL REFERENCES partners (id) ON DELETE CASCADE,
  month         date NOT NULL,
  used          integer NOT NULL CHECK (used >= 0),
  last_reserved integer NOT NULL,
  PRIMARY KEY (partner_id, month)
);

-- A claim names every command its request sends (one for a create, up to 100 for a bulk
-- create, each with the index of its item), so a retry after a crashed request can settle
-- each one.
ALTER TABLE idempotency_keys ADD COLUMN commands jsonb;
UPDATE idempotency_keys
  SET commands = jsonb_build_array(jsonb_build_object('index', 0, 'command_id', command_id, 'job_id', job_id));
ALTER TABLE idempotency_keys ALTER COLUMN commands SET NOT NULL;
ALTER TABLE idempotency_keys DROP COLUMN command_id, DROP COLUMN job_id;

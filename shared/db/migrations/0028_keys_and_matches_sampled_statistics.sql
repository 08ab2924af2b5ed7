-- Idempotency keys and matches are analysed from 3,000 rows, as 0023 did for the delivery tables.
-- ANALYZE samples 300 rows per point of a table's largest column statistics target (default 100:
-- 30,000 rows), and its cost grows with the rows sampled and their width: a key's row carries
-- the request's hash and the answer and commands as JSON (about 1 kB). Every create with an
-- Idempotency-Key writes a key, and every pair matched a match, so autovacuum analyses both
-- every few thousand writes while they are young; the keys never grow old, as they are purged
-- after a day. Measured on bench:pipeline's database on 2026-12-02's fifth machine, five times
-- each, alone (bench/results/keys-and-matches-statistics.md): idempotency_keys (30,003 keys)
-- 652-693 ms -> 108-120; matches (144,051 pairs) 249-273 ms -> 97-109. The plans of every
-- query on them did not change: a key by its primary key (read, settled, released), the purge by
-- age, a job's pairs and their count by matches_by_job, and the purge of pairs of vanished jobs.
-- Columns read only through a primary key or only shown get no statistics (as in 0017); those a
-- query filters or orders on alone (state, age; a pair's job and time) get 10.
ALTER TABLE idempotency_keys
  ALTER COLUMN partner_id SET STATISTICS 0,
  ALTER COLUMN key SET STATISTICS 0,
  ALTER COLUMN request_hash SET STATISTICS 0,
  ALTER COLUMN state SET STATISTICS 10,
  ALTER COLUMN status_code SET STATISTICS 0,
  ALTER COLUMN response SET STATISTICS 0,
  ALTER COLUMN created_at SET STATISTICS 10,
  ALTER COLUMN locked_at SET STATISTICS 0,
  ALTER COLUMN commands SET STATISTICS 0;
ALTER TABLE matches
  ALTER COLUMN job_id SET STATISTICS 10,
  ALTER COLUMN seeker_id SET STATISTICS 0,
  ALTER COLUMN partner_id SET STATISTICS 0,
  ALTER COLUMN score SET STATISTICS 0,
  ALTER COLUMN event_id SET STATISTICS 0,
  ALTER COLUMN matched_at SET STATISTICS 10;

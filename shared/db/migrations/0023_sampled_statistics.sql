-- The delivery log, the events it sends and the outbox are written for every event and every
-- webhook attempt and read only through their keys, the log's index and their age: autovacuum
-- analyses them every few thousand writes while a database is young. ANALYZE samples 300 rows
-- per point of a table's largest column statistics target (default 100: 30,000 rows); at 10 it
-- samples 3,000, which still describes columns of few values (status, trigger, event type) and
-- the ages the purges select by. Measured on bench:starvation's database on 2026-12-01's third
-- machine (100,000 attempts; docs/performance.md, Background work): webhook_deliveries 650-671
-- ms -> 132-153, webhook_events 429-453 -> 117-123, outbox 379-388 -> 119-120; in that run their
-- analyses took 24.9 s of statement time. The plans of the delivery log's listing, its purge and
-- the recovery's search did not change. Text no query searches gets no statistics, as in 0017.
-- jobs keeps Postgres's default: the public site's text search plans by its statistics.
ALTER TABLE webhook_deliveries
  ALTER COLUMN id SET STATISTICS 10,
  ALTER COLUMN seq SET STATISTICS 10,
  ALTER COLUMN webhook_id SET STATISTICS 10,
  ALTER COLUMN partner_id SET STATISTICS 10,
  ALTER COLUMN event_id SET STATISTICS 10,
  ALTER COLUMN event_type SET STATISTICS 10,
  ALTER COLUMN job_id SET STATISTICS 10,
  ALTER COLUMN attempt SET STATISTICS 10,
  ALTER COLUMN trigger SET STATISTICS 10,
  ALTER COLUMN status SET STATISTICS 10,
  ALTER COLUMN status_code SET STATISTICS 10,
  ALTER COLUMN duration_ms SET STATISTICS 10,
  ALTER COLUMN next_step SET STATISTICS 10,
  ALTER COLUMN next_attempt_at SET STATISTICS 10,
  ALTER COLUMN created_at SET STATISTICS 10,
  ALTER COLUMN attempted_at SET STATISTICS 10;
ALTER TABLE webhook_events
  ALTER COLUMN id SET STATISTICS 10,
  ALTER COLUMN partner_id SET STATISTICS 10,
  ALTER COLUMN job_id SET STATISTICS 10,
  ALTER COLUMN type SET STATISTICS 10,
  ALTER COLUMN envelope SET STATISTICS 0,
  ALTER COLUMN created_at SET STATISTICS 10;
ALTER TABLE outbox
  ALTER COLUMN seq SET STATISTICS 10,
  ALTER COLUMN topic SET STATISTICS 10,
  ALTER COLUMN payload SET STATISTICS 0,
  ALTER COLUMN created_at SET STATISTICS 10;

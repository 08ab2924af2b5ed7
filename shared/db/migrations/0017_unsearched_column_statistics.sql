-- Columns that are shown or carried but never filtered, joined or sorted on by any query (or
-- only through a unique index, which needs no statistics) get no planner statistics: autovacuum
-- analyses these tables every few thousand writes, and computing them was most of each ANALYZE.
-- Measured on bench:starvation's database (bench/results/delivery-claim-plans.md), three times
-- each: webhook_deliveries (56,000 attempts) 754-1,065 ms -> 369-515; outbox (82,000 rows)
-- 347-355 -> 193-206; jobs (13,000) 333-359 -> 248-256. The jobs' columns searched, filtered and
-- listed by (search, partner_id, status, city, employment_type, created_at, ...) keep theirs.
ALTER TABLE webhook_deliveries
  ALTER COLUMN request_headers SET STATISTICS 0,
  ALTER COLUMN response_excerpt SET STATISTICS 0,
  ALTER COLUMN error SET STATISTICS 0;
ALTER TABLE outbox
  ALTER COLUMN event_id SET STATISTICS 0,
  ALTER COLUMN key SET STATISTICS 0;
ALTER TABLE jobs
  ALTER COLUMN id SET STATISTICS 0,
  ALTER COLUMN title SET STATISTICS 0,
  ALTER COLUMN description SET STATISTICS 0;

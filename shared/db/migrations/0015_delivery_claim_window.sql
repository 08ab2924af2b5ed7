-- A claim reads each webhook's oldest pending attempts only (a window of them, by seq), and the
-- attempts in flight only, so its cost no longer grows with the backlog: with 19,000 attempts
-- pending it read them all, about 100 ms of Postgres per claim (bench/results/delivery.md).
CREATE INDEX webhook_deliveries_pending_seq ON webhook_deliveries (webhook_id, seq)
  WHERE status = 'pending';
CREATE INDEX webhook_deliveries_inflight ON webhook_deliveries (locked_until)
  WHERE status = 'pending' AND locked_until IS NOT NULL;

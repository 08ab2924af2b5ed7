-- The delivery log's index of webhook and event leads with the event instead. Every lookup
-- through it names both (the log filtered by event, a redelivery's next attempt number), and
-- the log's foreign key to webhook_events needs the event first: each event the retention
-- purge deletes is checked against the log by its id, and with the webhook first no index
-- served that check, so every event deleted read an index of the log whole: 16,000 events
-- purged in 30.6 s with 32,000 attempts left, 4,000 in 1.36 s with 8,000 (the square of the log;
-- bench/results/purge-scale-before.md), 163 and 41 ms since (purge-scale.md). Building it holds
-- the log's writes, as 0015 and 0016 did.
CREATE INDEX webhook_deliveries_event_first ON webhook_deliveries (event_id, webhook_id);
DROP INDEX webhook_deliveries_event;
ALTER INDEX webhook_deliveries_event_first RENAME TO webhook_deliveries_event;

-- Webhooks in the console and the API alike: test events, and the detail of a delivery.

-- A test event is an attempt of its own kind: sent on a partner's request with an example
-- payload, never retried, not counted toward the webhook's failures, and made even while
-- the webhook is paused or disabled.
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_trigger_check;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_trigger_check
  CHECK (trigger IN ('event', 'retry', 'redeliver', 'test'));

-- Only the attempts queued from Kafka (a first attempt, a retry) can be queued twice by a
-- redelivered message; a redelivery, or one of a test event, is a new attempt each time.
DROP INDEX webhook_deliveries_once;
CREATE UNIQUE INDEX webhook_deliveries_once ON webhook_deliveries (webhook_id, event_id, attempt)
  WHERE trigger IN ('event', 'retry');

-- The edge shows a delivery's request body (its event's envelope), and reads the events a
-- recovery resends.
GRANT SELECT ON webhook_events TO hire_edge;

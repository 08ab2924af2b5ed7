-- The pending attempts, the delivery service's work queue, move out of the delivery log into a
-- narrow table of their own. In the log every claim rewrote the attempt's wide row (headers,
-- excerpt, error) with a new entry in each of its eight indexes, and every record did it again;
-- the claim's scans of the partial pending indexes met the entries those versions left behind
-- until a vacuum (1.39 ms and 669 buffers a claim, the largest statement of bench:starvation,
-- bench/results/starvation-statements-sixth-machine.md). Here a claim rewrites a row of a few
-- dozen bytes, and an attempt leaves the queue when it is recorded or cancelled. The log keeps
-- the attempt's status ('pending' while it is queued); it loses the pending indexes and the
-- lease, so recording an attempt changes no indexed column and can stay on its page (HOT),
-- adding nothing to the log's indexes. A recorded row (the headers sent, the answer's start) is
-- three to four times the size of the pending row it replaces, so a page takes new rows only up
-- to 30% full: the rest is where their recorded versions go. Pages end about as full as before,
-- with recorded rows.
CREATE TABLE delivery_queue (
  delivery_id  text PRIMARY KEY REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  -- The attempt's place in the log (its seq), its webhook, partner, job and trigger: copied,
  -- as none of them ever changes, so a claim reads nothing of the log but what it sends.
  seq          bigint NOT NULL,
  webhook_id   text NOT NULL,
  partner_id   text NOT NULL,
  job_id       text NOT NULL,
  trigger      text NOT NULL,
  -- Set by a claim: until then no other process makes the attempt.
  locked_until timestamptz
);
-- A claim reads each webhook's oldest attempts (a window, by seq) and each one's job head.
CREATE INDEX delivery_queue_window ON delivery_queue (webhook_id, seq, job_id);
CREATE INDEX delivery_queue_job ON delivery_queue (webhook_id, job_id, seq);
CREATE INDEX delivery_queue_inflight ON delivery_queue (locked_until)
  WHERE locked_until IS NOT NULL;

INSERT INTO delivery_queue (delivery_id, seq, webhook_id, partner_id, job_id, trigger,
                            locked_until)
SELECT id, seq, webhook_id, partner_id, job_id, trigger, locked_until
FROM webhook_deliveries WHERE status = 'pending';

DROP INDEX webhook_deliveries_pending, webhook_deliveries_pending_seq,
  webhook_deliveries_inflight;
ALTER TABLE webhook_deliveries DROP COLUMN locked_until;
ALTER TABLE webhook_deliveries SET (fillfactor = 30);

-- Queued by the delivery service (fan-out, retries), and by the edge and the console (a
-- partner's redeliveries, recoveries and test events); claimed, released and cancelled by
-- the delivery service only.
GRANT SELECT, INSERT, UPDATE, DELETE ON delivery_queue TO hire_delivery;
GRANT INSERT ON delivery_queue TO hire_edge, hire_console;

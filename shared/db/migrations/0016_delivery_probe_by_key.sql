-- A claim finds each attempt's job head with one probe of the job's pending attempts. While few
-- attempts are pending, the planner may serve that probe from the window's index, which has no
-- job column: the probe then visited the table for every pending attempt of the webhook older
-- than the head, and for every entry that delivered attempts leave in the index until a vacuum
-- (540 buffers a probe, 31,000 a claim in bench:starvation). With job_id a key column of the
-- window's index, either index tests the job in the index entry itself and visits the table only
-- for the job's own attempts.
DROP INDEX webhook_deliveries_pending_seq;
CREATE INDEX webhook_deliveries_pending_seq ON webhook_deliveries (webhook_id, seq, job_id)
  WHERE status = 'pending';

-- The outbox's unpublished rows, the flushers' work queue, move into a narrow table of their own,
-- as the pending webhook attempts did (0018), and the outbox becomes a log that is only appended
-- to and purged. Publishing a row rewrote it whole (the event's payload) with a new entry in its
-- primary key, its event id and the published index: every event's publication was a non-HOT
-- update, and the rewritten rows and dead index entries made the outbox the autovacuum stand-in's
-- largest table after the delivery log in bench:starvation (151,581 updates, none HOT, 88 MB of
-- heap in one run). The claim's scans of the partial unpublished indexes also met the dead entries
-- those updates left until a vacuum.
--
-- Here a row waits in outbox_pending (its topic and seq) until a flusher claims it: the claim
-- deletes the queue's entries and reads the rows they name. A row is published when it is no
-- longer queued; the time it went out is the Kafka message's timestamp, so published_at goes.
-- Retention finds old rows through a BRIN index of created_at: a few pages for the whole table,
-- next to nothing an insert.
--
-- No foreign key to the outbox: an entry whose row is gone (deleted by hand) is dropped by the
-- next claim of its topic, which publishes nothing for it; a key would add a check to every
-- write and, on the purge's side, a search of the queue for each row deleted.
CREATE TABLE outbox_pending (
  topic text NOT NULL,
  seq   bigint NOT NULL,
  PRIMARY KEY (topic, seq)
);

INSERT INTO outbox_pending (topic, seq)
SELECT topic, seq FROM outbox WHERE published_at IS NULL;

DROP INDEX outbox_unpublished, outbox_unpublished_by_topic, outbox_published;
ALTER TABLE outbox DROP COLUMN published_at;
CREATE INDEX outbox_created ON outbox USING brin (created_at);

-- Every writer of the outbox queues its rows and flushes its own topics.
GRANT SELECT, INSERT, DELETE ON outbox_pending TO hire_job, hire_embedding, hire_matching,
  hire_delivery;

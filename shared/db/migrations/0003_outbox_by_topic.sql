-- The outbox is flushed one topic at a time, so one unpublishable topic holds up no other.
CREATE INDEX outbox_unpublished_by_topic ON outbox (topic, seq) WHERE published_at IS NULL;

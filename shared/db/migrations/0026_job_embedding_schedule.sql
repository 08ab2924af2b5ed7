-- When the embedding service next takes a job's text (a deferral while the API is busy, a
-- retry after a failed attempt, the sweeper's lease) moves out of jobs into a table of its
-- own. On jobs every such write was a new version of the whole row in all eleven of its
-- indexes (the site's search vector among them), announced to every edge's cache on
-- jobs_changed: a restart that deferred a backlog of 6,000 texts rewrote 6,000 jobs while the
-- API served (bench/results/starvation.md). Here it is a narrow row and two index entries, and
-- the job is written once more only when it is ready or failed. The version says which text
-- the schedule is for: a newer text is not held by an older one's schedule.
CREATE TABLE job_embedding_schedule (
  job_id  text PRIMARY KEY REFERENCES jobs (id) ON DELETE CASCADE,
  version integer NOT NULL,
  due_at  timestamptz NOT NULL
);
CREATE INDEX job_embedding_schedule_due ON job_embedding_schedule (due_at);

INSERT INTO job_embedding_schedule (job_id, version, due_at)
  SELECT id, content_version, embedding_retry_at FROM jobs
  WHERE embedding_retry_at IS NOT NULL AND deleted_at IS NULL;
DROP INDEX jobs_embedding_retry;
ALTER TABLE jobs DROP COLUMN embedding_retry_at;

GRANT SELECT, INSERT, UPDATE, DELETE ON job_embedding_schedule TO hire_embedding;

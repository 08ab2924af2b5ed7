-- Edges keep jobs in memory for retrieve (services/edge/job_cache.ts) and drop a job when
-- Postgres announces that it changed: every UPDATE and DELETE of jobs, by any service, is
-- announced on `jobs_changed` in its own transaction (delivered at commit), as comma-
-- separated ids, at most 200 per notification (a payload must stay under 8,000 bytes). A
-- trigger, so that no writer of the table can forget to announce. Inserts are not announced:
-- an edge never caches a job it did not find.
CREATE FUNCTION announce_job_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jobs_changed', string_agg(id, ','))
  FROM (SELECT id, (row_number() OVER ()) / 200 AS chunk FROM changed_jobs) AS c
  GROUP BY chunk;
  RETURN NULL;
END
$$;

CREATE TRIGGER jobs_changed_on_update AFTER UPDATE ON jobs
  REFERENCING NEW TABLE AS changed_jobs
  FOR EACH STATEMENT EXECUTE FUNCTION announce_job_changes();
CREATE TRIGGER jobs_changed_on_delete AFTER DELETE ON jobs
  REFERENCING OLD TABLE AS changed_jobs
  FOR EACH STATEMENT EXECUTE FUNCTION announce_job_changes();

-- The site search index's pending list (migration 0007) was merged by whichever insert found it
-- full, inside that create's transaction: on postings as partners write them, about 130 us of a
-- job's 465 us insert (docs/performance.md). The job service now merges it itself, on a
-- connection of its own, soon after it writes jobs. gin_clean_pending_list needs the index's
-- owner: this function runs as that owner, does only that, and only hire_job may call it.
CREATE FUNCTION merge_job_search_pending() RETURNS bigint
  LANGUAGE sql SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$ SELECT gin_clean_pending_list('public.jobs_feed_search'::regclass) $$;
REVOKE ALL ON FUNCTION merge_job_search_pending() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION merge_job_search_pending() TO hire_job;

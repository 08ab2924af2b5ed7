-- The partner API lists a job's matches newest first, paging with a cursor that carries a
-- pair's matched_at as a JavaScript Date (milliseconds). As with 0005, the paged column holds
-- exactly what a cursor can say, so pairs recorded within a page's last millisecond never fall
-- between pages. Every pair of one matching run shares its transaction's now(); seeker_id
-- orders them.
ALTER TABLE matches ALTER COLUMN matched_at TYPE timestamptz(3);
CREATE INDEX matches_by_job ON matches (job_id, matched_at DESC, seeker_id DESC);

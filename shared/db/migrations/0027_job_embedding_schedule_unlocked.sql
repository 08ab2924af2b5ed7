-- A schedule no longer refers to its job by a foreign key. The key's check locked the job's row
-- (FOR KEY SHARE) for every schedule written, and a lock is a write to the job's page: after a
-- checkpoint, a full-page image of it in the WAL. Deferring the 6,000 texts that waited at a
-- restart wrote 9.5 MB of WAL against 1.5 MB without the key, and took three times as long
-- (187 ms against 60 on 2026-12-02's first machine), all of it while the API served a burst.
-- The key's check adds nothing the write does not already do: a schedule is only written for a
-- job read live in the same statement, and a job is purged only long after its deletion, which
-- drops its schedule. What its cascade did for a schedule left by a crash, the embedding
-- service now does when the schedule comes due and finds no job (unscheduleVanishedJobs).
ALTER TABLE job_embedding_schedule DROP CONSTRAINT job_embedding_schedule_job_id_fkey;

-- No query reads matches by partner or by seeker: the partner API lists a job's pairs
-- (matches_by_job), the console counts a job's pairs, the duplicate check is the primary key and
-- the purge looks for pairs of jobs that are gone (shared/tables/matches.ts, the table's only
-- reader and writer). Each pair matching records, about 48 a job, still wrote both indexes:
-- 1,000 chunks of 60 pairs, each its own transaction, took 2.2-2.5 s with them and 1.6-1.8 s
-- without (docs/performance.md). The data team reads pairs from Kafka (job.matched), not here.
DROP INDEX matches_partner;
DROP INDEX matches_seeker;

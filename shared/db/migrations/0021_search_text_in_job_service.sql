-- The site's search text is made by the job service (siteSearchText, @hire/text) and the
-- `search` vector written with the job, instead of generated here from site_search_text on
-- every write of a row. On postings as partners write them (1,250 characters, two thirds with
-- Arabic) the rules took 105 us of Postgres CPU a job (185-210 on a slower machine), a fifth of
-- its insert; the same rules in the job service take 22 us, and the site's queries use the same
-- function, so jobs and what seekers type still go through one set of rules
-- (bench/results/search-text.md).
--
-- Dropping the expression keeps every stored vector: the function gives every text the search
-- text this one did (shared/tables/search_text_upgrade_test.ts), so nothing is rewritten. A job
-- service of the release before would write jobs without a vector (the site's search would not
-- find them until they next change): this migration ships with the job service that writes it.
ALTER TABLE jobs ALTER COLUMN search DROP EXPRESSION;
DROP FUNCTION site_search_text(text);

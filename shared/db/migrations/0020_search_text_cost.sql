-- The same search text as 0007's site_search_text, for half its cost. Every job's title and
-- description go through it when the row is written (the generated `search` column), and
-- Postgres's translate() and the article rule's leading group, tried at every character, were
-- most of it. On postings as partners write them (1,250 characters, two thirds with Arabic) a
-- job's search text took 380-460 us of Postgres CPU, in an insert of 1.1 ms a job (the bare
-- insert of the same row: 60 us). Now the letters are folded by a character class and two
-- replace() calls, and the article is found by lookarounds, so only its own letters are
-- matched: 185-210 us, and the insert 860 us (bench/results/search-text-0020.md).
--
-- The output is the same for every text (shared/tables/search_text_upgrade_test.ts compares the
-- two on synthetic jobs and on strings built from the characters the rules act on), so the
-- vectors stored by the old function stay valid and nothing is rewritten.
CREATE OR REPLACE FUNCTION site_search_text(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT regexp_replace(
    regexp_replace(
      replace(replace(regexp_replace(lower(t), '[أإآٱ]', 'ا', 'g'), 'ى', 'ي'), 'ة', 'ه'),
      '[ًٌٍَُِّْٰـ]', '', 'g'),
    '(?<![[:alnum:]])(?:[وبكف]?ال|لل)(?=[[:alnum:]]{2})', '', 'g')
$$;

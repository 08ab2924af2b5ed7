/**
 * The public site's search text: what a job's title and description and what a seeker types
 * both become before Postgres's `english` text search reads them, so the two always agree.
 * Lower case, one alef (أ إ آ ٱ → ا), ى → ي, ة → ه, no tashkeel or tatweel, and the Arabic
 * article and its glued prepositions (ال، وال، بال، كال، فال، لل) taken off words long enough
 * to keep a stem: "الرياض" and "رياض" find each other. English words then go through the
 * `english` dictionary (stemming, stop words); Arabic words pass through it unchanged.
 *
 * These were Postgres's rules (`site_search_text`, migrations 0007 and 0020), run by the
 * generated `search` column on every write of a job: on postings as partners write them they
 * were a fifth of the job's insert (105 us of Postgres CPU a job), against 22 us here
 * (bench/results/search-text.md). The output is the one Postgres gave (under a glibc UTF-8
 * locale) for every character but those that glibc's tables do not know yet, added to Unicode
 * lately and none of them Arabic or Latin: so the vectors Postgres stored stay valid, and the
 * rules no longer turn on the database's locale.
 * @module
 */

const ALEFS = /[أإآٱ]/g;
// Tashkeel (fathatan to sukun), superscript alef and tatweel.
const MARKS = /[\u064B-\u0652\u0670\u0640]/g;
// A letter or digit: what Postgres's [[:alnum:]] is under a UTF-8 locale (glibc's classes,
// where a digit of another script counts as a letter).
const WORD_CHAR = String.raw`[\p{Alphabetic}\p{Nd}]`;
// The article where a word starts, with two word characters after it. A lookbehind, as in
// Postgres, so only the article's own letters are matched and taken off.
const ARTICLE = new RegExp(
  String.raw`(?<!${WORD_CHAR})(?:[وبكف]?ال|لل)(?=${WORD_CHAR}{2})`,
  "gu",
);

/** The search text of `text`, for a job's stored vector and for a seeker's query alike. */
export function siteSearchText(text: string): string {
  return text
    // Lower-cased one letter at a time, as Postgres's lower() does: JavaScript writes İ as i
    // and a combining dot, and a Σ ending a word as ς.
    .replaceAll("İ", "i")
    .replaceAll("Σ", "σ")
    .toLowerCase()
    .replace(ALEFS, "ا")
    .replaceAll("ى", "ي")
    .replaceAll("ة", "ه")
    .replace(MARKS, "")
    .replace(ARTICLE, "");
}

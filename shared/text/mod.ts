/**
 * Text normalisation for matching in English and Arabic: one spelling per word, so job
 * ads, CVs, city names and the occupation vocabulary compare equal when they mean the same.
 * And the one rule for the text the service accepts from partners (`hasBadText`), and the
 * public site's search text, for stored jobs and seekers' queries alike (`siteSearchText`).
 * @module
 */
export * from "./accepted_text.ts";
export * from "./arabic_text.ts";
export * from "./characters.ts";
export * from "./feature_hash.ts";
export * from "./search_text.ts";

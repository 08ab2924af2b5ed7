/**
 * Text normalisation for matching in English and Arabic: one spelling per word, so job
 * ads, CVs, city names and the occupation vocabulary compare equal when they mean the same.
 * @module
 */
export * from "./arabic_text.ts";
export * from "./feature_hash.ts";

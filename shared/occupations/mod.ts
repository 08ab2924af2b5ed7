/**
 * The bilingual occupation and skill vocabulary of the Saudi market, the reading of job ads
 * and CVs onto it, and the concept space that turns what was read into the part of a
 * vector that matches across English and Arabic.
 * @module
 */
export * from "./vocabulary/types.ts";
export * from "./vocabulary.ts";
export * from "./recognise.ts";
export * from "./seniority.ts";
export * from "./concept_vector.ts";

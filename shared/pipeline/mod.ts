/**
 * Internal contracts of the embedding and matching pipeline (not for partners or the
 * data team).
 * @module
 */
export * from "./job_changed.ts";
export * from "./embedded.ts";

/**
 * Internal contracts of the embedding and matching pipeline (not for partners or the
 * data team).
 * @module
 */
export * from "./lifecycle.ts";
export * from "./embedded.ts";

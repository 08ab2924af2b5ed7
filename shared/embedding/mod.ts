/**
 * Embedding providers behind one port: the local model (default) and any OpenAI-compatible
 * API, chosen by configuration.
 * @module
 */
export * from "./provider.ts";
export * from "./config.ts";
export * from "./factory.ts";
export * from "./local_provider.ts";
export * from "./openai_provider.ts";
export * from "./model_files.ts";
export * from "./hybrid_vector.ts";
export * from "./bridged_provider.ts";
export * from "./space.ts";
export { LEXICAL_DIMENSIONS, lexicalVector } from "./lexical_features.ts";
export { dot, l2Normalize } from "./vectors.ts";

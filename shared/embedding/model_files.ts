/**
 * Where the local model lives. `deploy/local/model.ts` (ensureModel) puts the files there;
 * the local provider reads them.
 * @module
 */

/** Name of the model, for provider names and logs. */
export const LOCAL_MODEL_NAME = "all-minilm-l6-v2-q";

/** The name the local provider reports: the model joined with the Arabic-aware lexical half. */
export const LOCAL_PROVIDER_NAME = `local:${LOCAL_MODEL_NAME}+ar-ngram`;
/** Length of the model's sentence vectors (the dense half of a local vector). */
export const LOCAL_DENSE_DIMENSIONS = 384;
/** The ONNX graph inside the model folder. */
export const MODEL_FILE = "model.onnx";
/** The Hugging Face tokenizer description inside the model folder. */
export const TOKENIZER_FILE = "tokenizer.json";
/** The model folder of a checkout: `<repo>/.local/models/all-minilm-l6-v2-q/` (git-ignored). */
export const DEFAULT_MODEL_DIR =
  new URL(`../../.local/models/${LOCAL_MODEL_NAME}/`, import.meta.url)
    .pathname;

/** Joins a folder and a file name, with or without a trailing slash on the folder. */
export function modelPath(dir: string, file: string): string {
  return `${dir.replace(/\/+$/, "")}/${file}`;
}

/**
 * Where the local model lives. `deploy/local/model.ts` (ensureModel) puts the files there;
 * the local provider reads them.
 * @module
 */

/** Name of the model, for provider names and logs. */
export const LOCAL_MODEL_NAME = "all-minilm-l6-v2-q";

/** The most tokens the model reads of a text ([CLS] and [SEP] included): its own window. */
export const LOCAL_MODEL_WINDOW = 256;

/**
 * The default of how many tokens the model reads of a text: the title and the start of the
 * description. The lexical half and the occupation bridge still read the whole text. Chosen
 * against throughput and the matching evaluation (bench/results/embeddings-truncation.md).
 */
export const DEFAULT_MODEL_TOKENS = 32;

/**
 * The name the local provider reports: the model joined with the Arabic-aware lexical half.
 * How much of a text the model reads changes its vectors, so a limit below the model's
 * window is part of the name (and so of the embedding space, `space.ts`); the full window
 * keeps the name vectors had before the limit existed.
 */
export function localProviderName(modelTokens: number): string {
  const reads = modelTokens >= LOCAL_MODEL_WINDOW ? "" : `@${modelTokens}t`;
  return `local:${LOCAL_MODEL_NAME}${reads}+ar-ngram`;
}

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

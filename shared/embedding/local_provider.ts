/**
 * The default embedding provider: all-MiniLM-L6-v2 on this machine's CPU, joined with an
 * Arabic-aware lexical vector. The model is English-only and reads Arabic as single
 * letters, so on its own it cannot tell an Arabic nurse from an Arabic accountant; the
 * lexical half carries Arabic, and helps English too.
 * @module
 */
import { openDenseEncoder } from "./dense_encoder.ts";
import { hybridVector, type HybridWeights } from "./hybrid_vector.ts";
import { LEXICAL_DIMENSIONS, lexicalVector } from "./lexical_features.ts";
import {
  DEFAULT_MODEL_TOKENS,
  LOCAL_MODEL_WINDOW,
  localProviderName,
  MODEL_FILE,
  modelPath,
} from "./model_files.ts";
import { EmbeddingError, type EmbeddingProvider } from "./provider.ts";

/**
 * How much of the final cosine each half decides. Chosen on 7 Saudi job/profile pairs per
 * language (MATRIX in local_provider_test.ts): with the dense model alone, 2 of 7 Arabic
 * jobs rank a wrong profile first (its Arabic cosines sit between 0.5 and 0.9 whatever the
 * meaning). From a 0.5 lexical share every job ranks its own profile first by about 0.15
 * in both languages, and the English lead grows too (the two halves err differently);
 * above 0.6 English paraphrases that share few words lose score (best match 0.37 → 0.33 at
 * 0.7). 0.6 leaves the noisy Arabic dense cosine the smaller say.
 */
export const DEFAULT_HYBRID_WEIGHTS: HybridWeights = { dense: 0.4, lexical: 0.6 };

/**
 * Default token budget of one inference run. Measured on this project's 2-core machines
 * (bench/embeddings/embeddings_main.ts): a run's activations grow with rows × length, and once they
 * outgrow the CPU caches a batch of 32 Arabic texts (a token per letter, ~150 each) is
 * slower per text than one text at a time. Around 256–512 tokens batching still pays
 * for short texts without that penalty.
 */
export const DEFAULT_MAX_BATCH_TOKENS = 512;

/** Options of {@linkcode createLocalProvider}. */
export interface LocalProviderOptions {
  /** Folder with model.onnx and tokenizer.json (see deploy/local/model.ts). */
  modelDir: string;
  /** Texts per inference run. Default 32. */
  batchSize?: number;
  /** onnxruntime intra-op threads. Default 1: the services share two cores. */
  threads?: number;
  /**
   * Most tokens (rows × padded length) in one inference run; a batch is cut short before
   * it would pass this (a single longer text still runs alone). Default
   * {@linkcode DEFAULT_MAX_BATCH_TOKENS}; `Infinity` for none.
   */
  maxBatchTokens?: number;
  /**
   * Most tokens the model reads of a text, [CLS] and [SEP] included (2 to the model's window,
   * {@linkcode LOCAL_MODEL_WINDOW}); the rest of a longer text reaches only the lexical half.
   * Default {@linkcode DEFAULT_MODEL_TOKENS}.
   */
  maxTokens?: number;
  /** Default {@linkcode DEFAULT_HYBRID_WEIGHTS}. */
  weights?: HybridWeights;
  /** Length of the lexical half. Default 256. */
  lexicalDimensions?: number;
}

/** Loads the local model; vectors have 384 + `lexicalDimensions` dimensions. */
export async function createLocalProvider(opts: LocalProviderOptions): Promise<EmbeddingProvider> {
  const batchSize = opts.batchSize ?? 32;
  const weights = opts.weights ?? DEFAULT_HYBRID_WEIGHTS;
  const lexicalDimensions = opts.lexicalDimensions ?? LEXICAL_DIMENSIONS;
  const maxBatchTokens = opts.maxBatchTokens ?? DEFAULT_MAX_BATCH_TOKENS;
  const maxTokens = opts.maxTokens ?? DEFAULT_MODEL_TOKENS;
  if (!(batchSize >= 1) || !Number.isInteger(batchSize)) {
    throw new RangeError("batchSize must be a positive integer");
  }
  if (!Number.isInteger(maxTokens) || maxTokens < 2 || maxTokens > LOCAL_MODEL_WINDOW) {
    throw new RangeError(`maxTokens must be an integer from 2 to ${LOCAL_MODEL_WINDOW}`);
  }
  if (
    weights.dense < 0 || weights.lexical < 0 || Math.abs(weights.dense + weights.lexical - 1) > 1e-9
  ) {
    throw new RangeError("weights must be non-negative and sum to 1");
  }
  const modelFile = modelPath(opts.modelDir, MODEL_FILE);
  if (!await Deno.stat(modelFile).then(() => true, () => false)) {
    throw new EmbeddingError(
      `no model at ${modelFile}; fetch it with: deno run -A deploy/local/model.ts`,
      false,
    );
  }
  const dense = await openDenseEncoder({
    modelDir: opts.modelDir,
    threads: opts.threads ?? 1,
    maxTokens,
  });
  let closed = false;

  return {
    name: localProviderName(maxTokens),
    dimensions: dense.dimensions + lexicalDimensions,
    async embed(texts) {
      if (closed) throw new EmbeddingError("the local embedding provider is closed", false);
      // Texts of similar token count share a batch, so little of each run is padding.
      // Characters are no proxy: the model spends a token per Arabic letter, ~4 English
      // letters per token.
      const tokens = texts.map((t) => dense.tokenize(t));
      const order = texts.map((_, i) => i).sort((a, b) => tokens[a]!.length - tokens[b]!.length);
      const out = new Array<Float32Array>(texts.length);
      for (let start = 0; start < order.length;) {
        let end = start + 1;
        // Sorted ascending, so the newest row is the longest and sets the padded length.
        while (
          end < order.length && end - start < batchSize &&
          (end - start + 1) * tokens[order[end]!]!.length <= maxBatchTokens
        ) end++;
        const ids = order.slice(start, end);
        start = end;
        let vectors: Float32Array[];
        try {
          vectors = await dense.encodeTokens(ids.map((i) => tokens[i]!));
        } catch (err) {
          // The model is local and deterministic: what failed once fails again.
          throw new EmbeddingError(`local inference failed: ${err}`, false, { cause: err });
        }
        ids.forEach((i, k) => {
          out[i] = hybridVector(vectors[k]!, lexicalVector(texts[i]!, lexicalDimensions), weights);
        });
      }
      return out;
    },
    async close() {
      if (closed) return;
      closed = true;
      await dense.close();
    },
  };
}

/** Picks the embedding provider the configuration names. @module */
import type { EmbeddingConfig } from "./config.ts";
import { LEXICAL_DIMENSIONS } from "./lexical_features.ts";
import { createLocalProvider } from "./local_provider.ts";
import { LOCAL_DENSE_DIMENSIONS } from "./model_files.ts";
import { createOpenAIProvider } from "./openai_provider.ts";
import type { EmbeddingProvider } from "./provider.ts";

/**
 * Builds the provider of `cfg.EMBEDDING_PROVIDER`. The local one loads its model here, so
 * a missing model fails at start-up rather than on the first message.
 */
export async function createEmbeddingProvider(cfg: EmbeddingConfig): Promise<EmbeddingProvider> {
  if (cfg.EMBEDDING_PROVIDER === "local") {
    return await createLocalProvider({
      modelDir: cfg.EMBEDDING_MODEL_DIR,
      batchSize: cfg.EMBEDDING_BATCH_SIZE,
      threads: cfg.EMBEDDING_THREADS,
    });
  }
  const { EMBEDDING_URL: url, EMBEDDING_MODEL: model, EMBEDDING_DIMENSIONS: dimensions } = cfg;
  // checkEmbeddingEnv guarantees these; a hand-built config may not have gone through it.
  if (!url || !model || !dimensions) {
    throw new Error(
      "EMBEDDING_URL, EMBEDDING_MODEL and EMBEDDING_DIMENSIONS are required for openai",
    );
  }
  return createOpenAIProvider({
    url,
    model,
    dimensions,
    apiKey: cfg.EMBEDDING_API_KEY,
    timeoutMs: cfg.EMBEDDING_TIMEOUT_MS,
    batchSize: cfg.EMBEDDING_BATCH_SIZE,
  });
}

/**
 * The vector length `createEmbeddingProvider(cfg)` will return, known without loading a
 * model or calling an API (for sizing a vector index).
 */
export function embeddingDimensions(
  cfg: Pick<EmbeddingConfig, "EMBEDDING_PROVIDER" | "EMBEDDING_DIMENSIONS">,
): number {
  if (cfg.EMBEDDING_PROVIDER === "local") return LOCAL_DENSE_DIMENSIONS + LEXICAL_DIMENSIONS;
  if (!cfg.EMBEDDING_DIMENSIONS) throw new Error("EMBEDDING_DIMENSIONS is required for openai");
  return cfg.EMBEDDING_DIMENSIONS;
}

/** Picks the embedding provider the configuration names. @module */
import { withOccupationBridge } from "./bridged_provider.ts";
import type { EmbeddingConfig } from "./config.ts";
import { createLocalProvider } from "./local_provider.ts";
import { createOpenAIProvider } from "./openai_provider.ts";
import type { EmbeddingProvider } from "./provider.ts";
import { embeddingSpace } from "./space.ts";

/**
 * Builds the provider of `cfg.EMBEDDING_PROVIDER`. The local one loads its model here, so
 * a missing model fails at start-up rather than on the first message.
 */
export async function createEmbeddingProvider(cfg: EmbeddingConfig): Promise<EmbeddingProvider> {
  const inner = await createTextProvider(cfg);
  return cfg.EMBEDDING_BRIDGE === "occupations" ? withOccupationBridge(inner) : inner;
}

/** The provider of the text half: the local model or the API. */
async function createTextProvider(cfg: EmbeddingConfig): Promise<EmbeddingProvider> {
  if (cfg.EMBEDDING_PROVIDER === "local") {
    return await createLocalProvider({
      modelDir: cfg.EMBEDDING_MODEL_DIR,
      batchSize: cfg.EMBEDDING_BATCH_SIZE,
      threads: cfg.EMBEDDING_THREADS,
      maxTokens: cfg.EMBEDDING_MODEL_TOKENS,
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
export const embeddingDimensions = (cfg: Parameters<typeof embeddingSpace>[0]): number =>
  embeddingSpace(cfg).dimensions;

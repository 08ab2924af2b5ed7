/**
 * The embedding space a configuration embeds into. Vectors of different spaces cannot be
 * compared (another model, another vocabulary), so each space has its own index tables or
 * collections, named by a short tag of its name: a deploy that changes the space starts
 * on empty ones, `deno task reindex` fills them while the system serves, and the old
 * ones are left for the operator to drop (docs/matching.md).
 * @module
 */
import {
  BRIDGE_DIMENSIONS,
  crossBlockMaxScore,
  occupationBlock,
  VOCABULARY_VERSION,
} from "@hire/occupations";
import { hashFeature } from "@hire/text";
import type { VectorBlocks } from "@hire/vector";
import { bridgeSuffix } from "./bridged_provider.ts";
import type { EmbeddingConfig } from "./config.ts";
import { LEXICAL_DIMENSIONS } from "./lexical_features.ts";
import { LOCAL_DENSE_DIMENSIONS, localProviderName } from "./model_files.ts";

/** A space: the providers' name, its vectors' length, and the prefix of its index names. */
export interface EmbeddingSpace {
  name: string;
  dimensions: number;
  /** `e<8 hex>_`: prepended to the vector index's table or collection names. */
  prefix: string;
  /** With the bridge: one block per occupation, which a confident search keeps to. */
  blocks?: VectorBlocks;
}

/** The bridge's blocks: two occupations never score above about 0.415. */
const OCCUPATION_BLOCKS: VectorBlocks = {
  of: occupationBlock,
  maxScoreAcross: crossBlockMaxScore(),
};

/** The configuration's settings that decide the space. */
export type SpaceConfig = Pick<
  EmbeddingConfig,
  | "EMBEDDING_PROVIDER"
  | "EMBEDDING_MODEL"
  | "EMBEDDING_DIMENSIONS"
  | "EMBEDDING_BRIDGE"
  | "EMBEDDING_MODEL_TOKENS"
>;

/** The space of a configuration, known without loading a model or calling an API. */
export function embeddingSpace(cfg: SpaceConfig): EmbeddingSpace {
  let name: string;
  let dimensions: number;
  if (cfg.EMBEDDING_PROVIDER === "local") {
    name = localProviderName(cfg.EMBEDDING_MODEL_TOKENS);
    dimensions = LOCAL_DENSE_DIMENSIONS + LEXICAL_DIMENSIONS;
  } else {
    if (!cfg.EMBEDDING_MODEL || !cfg.EMBEDDING_DIMENSIONS) {
      throw new Error("EMBEDDING_MODEL and EMBEDDING_DIMENSIONS are required for openai");
    }
    name = `openai:${cfg.EMBEDDING_MODEL}@${cfg.EMBEDDING_DIMENSIONS}`;
    dimensions = cfg.EMBEDDING_DIMENSIONS;
  }
  const bridged = cfg.EMBEDDING_BRIDGE === "occupations";
  if (bridged) {
    name += bridgeSuffix(VOCABULARY_VERSION);
    dimensions += BRIDGE_DIMENSIONS;
  }
  const tag = hashFeature(`${name}/${dimensions}`).toString(16).padStart(8, "0");
  return {
    name,
    dimensions,
    prefix: `e${tag}_`,
    ...(bridged ? { blocks: OCCUPATION_BLOCKS } : {}),
  };
}

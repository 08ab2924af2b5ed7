/**
 * Chooses the vector index backend from configuration: Qdrant when a URL is given,
 * otherwise pgvector in the service's own Postgres.
 * @module
 */
import type { Sql } from "@hire/db";
import type { VectorEnv } from "./config.ts";
import type { VectorBlocks, VectorIndex } from "./index.ts";
import { createPgvectorIndex } from "./pgvector_index.ts";
import { createQdrantIndex } from "./qdrant_index.ts";

/**
 * Options of {@link createVectorIndex}. The Qdrant settings come either as `qdrantUrl` and
 * `qdrantApiKey` or as the variables of `vectorEnv` (`config.ts`; a parsed service config can be
 * spread in); the camel-case ones win when both are given.
 */
export interface VectorIndexConfig extends Partial<VectorEnv> {
  /** The service's pool; used by the pgvector backend, left open by `close()`. */
  sql: Sql;
  /** Length of the embedding provider's vectors. */
  dimensions: number;
  /**
   * Prepended to the table or collection names: the embedding space's (`embeddingSpace`
   * of `@hire/embedding`), so vectors of another model or vocabulary never mix.
   */
  prefix?: string;
  /** The embedding space's blocks (`embeddingSpace` of `@hire/embedding`), if it has them. */
  blocks?: VectorBlocks;
  /** Selects Qdrant when set (e.g. `http://qdrant:6333`). */
  qdrantUrl?: string;
  qdrantApiKey?: string;
}

/** A vector index and the backend it runs on (for logs and readiness reports). */
export type ConfiguredVectorIndex = VectorIndex & { readonly backend: "pgvector" | "qdrant" };

/** The configured vector index; call `init()` before use. */
export function createVectorIndex(config: VectorIndexConfig): ConfiguredVectorIndex {
  const qdrantUrl = config.qdrantUrl || config.QDRANT_URL;
  if (qdrantUrl) {
    const index = createQdrantIndex({
      url: qdrantUrl,
      apiKey: config.qdrantApiKey ?? config.QDRANT_API_KEY,
      dimensions: config.dimensions,
      collectionPrefix: config.prefix,
      blocks: config.blocks,
    });
    return { ...index, backend: "qdrant" };
  }
  const index = createPgvectorIndex({
    sql: config.sql,
    dimensions: config.dimensions,
    tablePrefix: config.prefix,
    blocks: config.blocks,
    graph: config.PGVECTOR_GRAPH,
  });
  return { ...index, backend: "pgvector" };
}

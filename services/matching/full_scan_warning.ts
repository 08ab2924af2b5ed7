/**
 * Whether matching's searches will scan every vector of the index: a configuration that
 * answers correctly but slows as the tables grow, so the service says so at start-up.
 * @module
 */
import { type GraphSetting, keepsGraph, keepsToBlock, type VectorBlocks } from "@hire/vector";

/** What decides it: the backend, the pgvector graph setting, the space's blocks, the threshold. */
export interface SearchReach {
  backend: "pgvector" | "qdrant";
  graph: GraphSetting;
  blocks: VectorBlocks | undefined;
  threshold: number;
}

/**
 * The warning to log when every search scans a whole pgvector table: the threshold lets a
 * match cross blocks, so searches look everywhere, and the tables keep no graph to walk.
 * Undefined when searches keep to a block, walk a graph, or run on Qdrant (always a graph).
 */
export function fullScanWarning(reach: SearchReach): string | undefined {
  if (reach.backend === "qdrant" || keepsGraph(reach.graph, reach.blocks)) return undefined;
  if (keepsToBlock(reach.blocks, reach.threshold)) return undefined;
  const why = reach.blocks === undefined
    ? "the embedding space has no blocks (EMBEDDING_BRIDGE=off)"
    : `MATCH_THRESHOLD ${reach.threshold} is at or below ${reach.blocks.maxScoreAcross}, ` +
      "what two occupations can share";
  return `${why}, so every search looks at all vectors, and with PGVECTOR_GRAPH=` +
    `${reach.graph} the tables keep no HNSW graph: each search scans a whole table. ` +
    "Set PGVECTOR_GRAPH=on for the embedding and matching services.";
}

/**
 * The vector index: its port, the pgvector and Qdrant adapters, the factory that picks one
 * from configuration. The contract every adapter's tests run is `@hire/vector/contract`,
 * kept out of this entry so services do not load test assertions.
 * @module
 */
export * from "./index.ts";
export {
  createPgvectorIndex,
  efSearchFor,
  type GraphSetting,
  keepsGraph,
  type PgvectorIndexOptions,
  pgvectorTables,
} from "./pgvector_index.ts";
export { type CacheFit, readCacheFit } from "./pgvector_cache.ts";
export { createQdrantIndex, type QdrantIndexOptions } from "./qdrant_index.ts";
export {
  type ConfiguredVectorIndex,
  createVectorIndex,
  type VectorIndexConfig,
} from "./factory.ts";
export { type VectorEnv, vectorEnv } from "./config.ts";
export { pointIdOf, ulidToUuid, uuidToUlid } from "./point_id.ts";
export { atLeast, keepsToBlock, scoreOf } from "./rules.ts";

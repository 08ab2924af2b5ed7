/**
 * The vector index variables, to spread into a service's schema
 * (`z.object({ ...vectorEnv })`); the parsed object can then be spread into
 * {@linkcode createVectorIndex}'s options.
 * @module
 */
import { z } from "zod";

// An exported but empty variable (`QDRANT_URL=`) means "not set", as in most shells' env files
// and as docker-compose writes an unset `${QDRANT_URL}`.
const unset = (v: unknown) => (v === "" ? undefined : v);

/** The vector index variables, each with its default. */
export const vectorEnv = {
  /** Qdrant's REST URL, e.g. `http://qdrant:6333`. Unset: pgvector in DATABASE_URL's server. */
  QDRANT_URL: z.preprocess(
    unset,
    // Scheme required: `qdrant:6333` parses as a URL with scheme "qdrant:" otherwise.
    z.url({ protocol: /^https?$/ }).transform((s) => s.replace(/\/+$/, "")).optional(),
  ),
  /** Qdrant API key, if the server wants one. Never logged. */
  QDRANT_API_KEY: z.preprocess(unset, z.string().min(1).optional()),
  /**
   * Whether the pgvector tables keep an HNSW graph (`keepsGraph` of `pgvector_index.ts`):
   * `auto` keeps one only for a space without blocks, whose searches have nothing else.
   */
  PGVECTOR_GRAPH: z.enum(["auto", "on", "off"]).default("auto"),
};

/** Validated vector index variables. */
export type VectorEnv = z.infer<z.ZodObject<typeof vectorEnv>>;

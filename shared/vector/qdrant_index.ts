/**
 * The Qdrant adapter of the vector index: collections `<prefix>jobs` and `<prefix>seekers`
 * with cosine distance and payload indexes on every field a search filters on.
 * @module
 */
import type { QdrantClient, Schemas } from "@qdrant/js-client-rest";
import type { EmploymentType, JobStatus } from "@hire/jobs";
import type {
  Hit,
  JobFilter,
  JobVector,
  SeekerFilter,
  SeekerVector,
  VectorBlocks,
  VectorIndex,
} from "./index.ts";
import { pointIdOf } from "./point_id.ts";
import {
  assertDimensions,
  assertLimit,
  assertMinScore,
  assertPrefix,
  assertVector,
  atLeast,
  lastOfEachId,
  scoreOf,
  searchBlock,
  searchSeekersWithJobVector,
} from "./rules.ts";

/** Options of {@link createQdrantIndex}. */
export interface QdrantIndexOptions {
  /** e.g. `http://localhost:6333`. */
  url: string;
  apiKey?: string;
  /** Length of every vector; fixed when the collections are created. */
  dimensions: number;
  /** Prepended to collection names; tests use a unique one. Default "". */
  collectionPrefix?: string;
  /** Size of the HNSW candidate list per search (Qdrant's `hnsw_ef`). Default 128. */
  hnswEf?: number;
  /** The space's blocks, when it has them: kept in each point's payload, searched within. */
  blocks?: VectorBlocks;
}

type Condition = Schemas["Condition"];
type FieldSchema = "keyword" | "integer";

/** Payload fields searches filter on, with their index types. */
const JOB_FIELDS: Record<string, FieldSchema> = {
  partner_id: "keyword",
  status: "keyword",
  city: "keyword",
  employment_type: "keyword",
  block: "integer",
};
const SEEKER_FIELDS: Record<string, FieldSchema> = {
  city: "keyword",
  employment_types: "keyword",
  block: "integer",
};

/** Points given their block per request when a collection's points predate blocks. */
const FILL_BATCH = 256;

/** A {@link VectorIndex} on Qdrant. Our ids map to UUID point ids (see `point_id.ts`). */
export function createQdrantIndex(opts: QdrantIndexOptions): VectorIndex {
  const { dimensions } = opts;
  const prefix = opts.collectionPrefix ?? "";
  assertDimensions(dimensions);
  assertPrefix(prefix);
  const jobs = `${prefix}jobs`;
  const seekers = `${prefix}seekers`;
  // The client is loaded on first use, so that a service on pgvector (the default), which
  // reaches this module through the factory, never loads it: its modules cost each start of
  // the embedding and matching services about 0.2 s of CPU.
  let loading: Promise<QdrantClient> | undefined;
  const qdrant = () =>
    loading ??= import("@qdrant/js-client-rest").then(({ QdrantClient }) =>
      // The version check would warn on every start against a server a minor or two behind
      // the client (1.19); the calls used here exist since Qdrant 1.10 (query API).
      new QdrantClient({ url: opts.url, apiKey: opts.apiKey, checkCompatibility: false })
    );
  const vec = (v: Float32Array, what: string): number[] => {
    assertVector(v, dimensions, what);
    return Array.from(v);
  };

  async function ensureCollection(
    name: string,
    fields: Record<string, FieldSchema>,
  ): Promise<void> {
    const client = await qdrant();
    let info: Schemas["CollectionInfo"];
    if ((await client.collectionExists(name)).exists) {
      info = await client.getCollection(name);
    } else {
      try {
        await client.createCollection(name, { vectors: { size: dimensions, distance: "Cosine" } });
        info = await client.getCollection(name);
      } catch (err) {
        if ((err as { status?: number }).status !== 409) throw err;
        // Another process's init created it between our check and our create; its shards
        // may not answer yet (a 500 for a moment), so wait until the collection reads.
        info = await readWhenReady(() => client.getCollection(name));
      }
    }
    const size = vectorSize(info.config.params.vectors);
    if (size !== dimensions) {
      throw new Error(
        `collection ${name} holds ${size}-dimensional vectors but this index was configured ` +
          `with ${dimensions} dimensions; re-embed into new collections (another prefix)`,
      );
    }
    for (const [field, schema] of Object.entries(fields)) {
      // Only missing indexes are created: servers differ on whether re-creating one is
      // accepted, and init must stay idempotent.
      if (info.payload_schema[field]) continue;
      await client.createPayloadIndex(name, {
        field_name: field,
        field_schema: schema,
        wait: true,
      });
    }
  }

  /** Gives every point of `collection` without a block its block. */
  async function fillCollection(
    blocks: VectorBlocks,
    collection: string,
    signal: AbortSignal | undefined,
  ): Promise<number> {
    const client = await qdrant();
    const missing = { must: [{ is_empty: { key: "block" } }] };
    let filled = 0;
    while (!signal?.aborted) {
      const { points } = await client.scroll(collection, {
        filter: missing,
        limit: FILL_BATCH,
        with_payload: false,
        with_vector: true,
      });
      if (points.length === 0) break;
      const byBlock = Map.groupBy(points, (p) => blocks.of(unnamedVector(p.vector)));
      for (const [block, group] of byBlock) {
        await client.setPayload(collection, {
          payload: { block },
          points: group.map((p) => p.id),
          wait: true,
        });
      }
      filled += points.length;
    }
    return filled;
  }

  async function nearest(
    collection: string,
    idKey: string,
    vector: Float32Array,
    must: Condition[],
    limit: number,
    minScore: number | undefined,
  ): Promise<Hit[]> {
    const query = vec(vector, "the query vector");
    assertLimit(limit);
    assertMinScore(minScore);
    if (limit === 0) return [];
    const block = searchBlock(opts.blocks, vector, minScore);
    if (block !== undefined) {
      // Points written before the collection had blocks may be anywhere.
      must = [...must, {
        should: [{ key: "block", match: { value: block } }, { is_empty: { key: "block" } }],
      }];
    }
    // The filter is part of the search request: Qdrant applies it while it walks the graph
    // (or, when the payload index says few points match, by scoring exactly those points),
    // so filtered-out neighbours never take a place among the `limit` results.
    const { points } = await (await qdrant()).query(collection, {
      query,
      filter: must.length ? { must } : undefined,
      limit,
      params: { hnsw_ef: Math.max(opts.hnswEf ?? 128, limit) },
      with_payload: [idKey],
      with_vector: false,
    });
    return atLeast(
      points.map((p) => ({ id: String(p.payload?.[idKey]), score: scoreOf(p.score) })),
      minScore,
    );
  }

  const index: VectorIndex = {
    async init() {
      await ensureCollection(jobs, JOB_FIELDS);
      await ensureCollection(seekers, SEEKER_FIELDS);
    },

    async fillBlocks(signal?: AbortSignal) {
      if (!opts.blocks) return 0;
      return await fillCollection(opts.blocks, jobs, signal) +
        await fillCollection(opts.blocks, seekers, signal);
    },

    async upsertJobs(batch: JobVector[]) {
      const points = lastOfEachId(batch).map((job) => ({
        id: pointIdOf(job.id),
        vector: vec(job.vector, `job ${job.id}'s vector`),
        payload: {
          job_id: job.id,
          partner_id: job.partnerId,
          status: job.status,
          city: job.city,
          employment_type: job.employmentType,
          ...blockPayload(opts.blocks, job.vector),
        },
      }));
      if (points.length) await (await qdrant()).upsert(jobs, { wait: true, points });
    },

    async setJobStatus(jobId: string, status: JobStatus) {
      // A filter selector, unlike a list of ids, matches nothing without an error when the
      // job has no point: the port's no-op.
      await (await qdrant()).setPayload(jobs, {
        payload: { status },
        filter: { must: [{ has_id: [pointIdOf(jobId)] }] },
        wait: true,
      });
    },

    async deleteJob(jobId: string) {
      await (await qdrant()).delete(jobs, { points: [pointIdOf(jobId)], wait: true });
    },

    async getJob(jobId: string) {
      const [point] = await (await qdrant()).retrieve(jobs, {
        ids: [pointIdOf(jobId)],
        with_payload: true,
        with_vector: true,
      });
      if (!point) return undefined;
      const p = point.payload ?? {};
      return {
        id: jobId,
        partnerId: String(p.partner_id),
        status: p.status as JobStatus,
        city: String(p.city),
        employmentType: p.employment_type as EmploymentType,
        vector: unnamedVector(point.vector),
      };
    },

    async upsertSeekers(batch: SeekerVector[]) {
      const points = lastOfEachId(batch).map((seeker) => ({
        id: pointIdOf(seeker.id),
        vector: vec(seeker.vector, `seeker ${seeker.id}'s vector`),
        payload: {
          seeker_id: seeker.id,
          city: seeker.city,
          employment_types: seeker.employmentTypes,
          ...blockPayload(opts.blocks, seeker.vector),
        },
      }));
      if (points.length) await (await qdrant()).upsert(seekers, { wait: true, points });
    },

    async deleteSeeker(seekerId: string) {
      await (await qdrant()).delete(seekers, { points: [pointIdOf(seekerId)], wait: true });
    },

    async getSeeker(seekerId: string) {
      const [point] = await (await qdrant()).retrieve(seekers, {
        ids: [pointIdOf(seekerId)],
        with_payload: true,
        with_vector: true,
      });
      if (!point) return undefined;
      const p = point.payload ?? {};
      return {
        id: seekerId,
        city: String(p.city),
        employmentTypes: (p.employment_types ?? []) as EmploymentType[],
        vector: unnamedVector(point.vector),
      };
    },

    async searchSeekers(vector: Float32Array, filter: SeekerFilter, limit: number) {
      const must: Condition[] = [];
      if (filter.city !== undefined) must.push({ key: "city", match: { value: filter.city } });
      if (filter.employmentType !== undefined) {
        // On an array payload, `match.value` holds when any element equals the value.
        must.push({ key: "employment_types", match: { value: filter.employmentType } });
      }
      return await nearest(seekers, "seeker_id", vector, must, limit, filter.minScore);
    },

    // From the job's vector: Qdrant's query by point id would spare reading it, untried
    // without a Qdrant server to run the contract against.
    searchSeekersForJob: (jobId: string, filter: SeekerFilter, limit: number) =>
      searchSeekersWithJobVector(index, jobId, filter, limit),

    async searchJobs(vector: Float32Array, filter: JobFilter, limit: number) {
      const must: Condition[] = [];
      if (filter.city !== undefined) must.push({ key: "city", match: { value: filter.city } });
      if (filter.employmentTypes !== undefined) {
        // "One of no types" matches nothing, as in the pgvector adapter; checked here rather
        // than trusting how a server version treats `match: { any: [] }`.
        if (filter.employmentTypes.length === 0) {
          vec(vector, "the query vector");
          assertLimit(limit);
          return [];
        }
        must.push({ key: "employment_type", match: { any: filter.employmentTypes } });
      }
      if (filter.status !== undefined) {
        must.push({ key: "status", match: { value: filter.status } });
      }
      if (filter.partnerId !== undefined) {
        must.push({ key: "partner_id", match: { value: filter.partnerId } });
      }
      return await nearest(jobs, "job_id", vector, must, limit, filter.minScore);
    },

    close() {
      // The client holds no connection of its own beyond fetch's keep-alive pool.
      return Promise.resolve();
    },
  };
  return index;
}

/** The payload field of a vector's block; none without blocks. */
function blockPayload(blocks: VectorBlocks | undefined, vector: Float32Array) {
  return blocks ? { block: blocks.of(vector) } : {};
}

/** Retries `read` for up to about 5 s while it fails, then gives its last error. */
async function readWhenReady<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 0;; attempt++) {
    try {
      return await read();
    } catch (err) {
      if (attempt >= 10) throw err;
      await new Promise((r) => setTimeout(r, 100 * Math.min(attempt + 1, 8)));
    }
  }
}

/** The size of a collection's single unnamed vector. */
function vectorSize(config: Schemas["VectorsConfig"] | undefined): number | undefined {
  if (config && typeof (config as Schemas["VectorParams"]).size === "number") {
    return (config as Schemas["VectorParams"]).size;
  }
  return undefined;
}

/** A retrieved point's unnamed dense vector. */
function unnamedVector(v: Schemas["Record"]["vector"]): Float32Array {
  if (!Array.isArray(v) || (v.length > 0 && typeof v[0] !== "number")) {
    throw new Error("expected the point to hold one unnamed dense vector");
  }
  return Float32Array.from(v as number[]);
}

/**
 * The pgvector adapter of the vector index: two tables in the service's Postgres, each with
 * an HNSW index on cosine distance and ordinary indexes on the payload columns.
 * @module
 */
import type { Sql } from "@hire/db";
import type { EmploymentType, JobStatus } from "@hire/jobs";
import { fromSql, toSql } from "pgvector";
import type postgres from "postgres";
import type {
  Hit,
  JobFilter,
  JobVector,
  SeekerFilter,
  SeekerVector,
  VectorIndex,
} from "./index.ts";
import { assertDimensions, assertLimit, assertPrefix, assertVector, scoreOf } from "./rules.ts";

/** Options of {@link createPgvectorIndex}. */
export interface PgvectorIndexOptions {
  /** The pool to use; the index does not end it (its owner does). */
  sql: Sql;
  /** Length of every vector; fixed when the tables are created. */
  dimensions: number;
  /** Prepended to table and index names; tests use a unique one. Default "". */
  tablePrefix?: string;
  /** Floor of `hnsw.ef_search` per query (see {@link efSearchFor}). Default 100. */
  efSearch?: number;
}

type Tx = postgres.TransactionSql;

/** How often an init that may not create the tables looks for them again. */
const INIT_POLL_MS = 1000;

/** pgvector's upper bound for `hnsw.ef_search`. */
const MAX_EF_SEARCH = 1000;

/**
 * The `hnsw.ef_search` of a search returning `limit` hits: the size of the candidate list of
 * the scan's first pass. At least `limit`, so an unfiltered search can fill its page from the
 * first pass; at least `floor` (pgvector's own default is 40), trading a little time for
 * recall. Iterative scans extend the search beyond this list when filters reject candidates.
 */
export function efSearchFor(limit: number, floor = 100): number {
  return Math.min(MAX_EF_SEARCH, Math.max(floor, limit));
}

/**
 * A {@link VectorIndex} on pgvector. Tables `<prefix>job_vectors` and
 * `<prefix>seeker_vectors`; `close()` leaves the pool open.
 */
export function createPgvectorIndex(opts: PgvectorIndexOptions): VectorIndex {
  const { sql, dimensions } = opts;
  const prefix = opts.tablePrefix ?? "";
  assertDimensions(dimensions);
  assertPrefix(prefix);
  const jobs = `${prefix}job_vectors`;
  const seekers = `${prefix}seeker_vectors`;
  const vec = (v: Float32Array, what: string): string => {
    assertVector(v, dimensions, what);
    // pgvector's helper writes the text form '[a,b,...]'. Each float32 widens exactly to a
    // double, JSON prints that double exactly, and Postgres reads it back to the same float4.
    return toSql(Array.from(v)) as string;
  };
  const unvec = (text: string): Float32Array => Float32Array.from(fromSql(text) as number[]);

  /** Runs one nearest-neighbour query with iterative HNSW scans enabled for it alone. */
  function nearest(
    limit: number,
    query: (tx: Tx) => Promise<readonly { id: string; distance: number }[]>,
  ): Promise<Hit[]> {
    return sql.begin(async (tx) => {
      // relaxed_order: the scan keeps going until LIMIT rows pass the WHERE (or it reaches
      // hnsw.max_scan_tuples), possibly slightly out of distance order; the caller's outer
      // ORDER BY over a MATERIALIZED CTE restores exact order. pgvector's README recommends
      // this over strict_order, which gives lower recall. SET LOCAL semantics (third argument
      // true) end with this transaction, so pooled connections are left as they were.
      const efSearch = String(efSearchFor(limit, opts.efSearch));
      await tx`SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true),
                      set_config('hnsw.ef_search', ${efSearch}, true)`;
      const rows = await query(tx);
      return rows.map((r) => ({ id: r.id, score: scoreOf(1 - r.distance) }));
    });
  }

  /** Creates the tables unless they exist; false when missing and this role may not. */
  function createTables(): Promise<boolean> {
    return sql.begin(async (tx) => {
      // Concurrent starts (services, parallel test files) would race on CREATE EXTENSION
      // and on catalog rows; one transaction-scoped lock serialises them.
      await tx`SELECT pg_advisory_xact_lock(hashtext('hire.vector.init'))`;
      try {
        await tx`CREATE EXTENSION IF NOT EXISTS vector`;
      } catch (err) {
        // No vector.control on the server: 0A000 "extension is not available" in current
        // releases, 58P01 (undefined_file) in older ones. Other errors (privileges) pass.
        if (!["0A000", "58P01"].includes((err as { code?: string }).code ?? "")) throw err;
        throw new Error(
          "The Postgres server does not offer the pgvector extension; install it " +
            "(locally: deno run -A deploy/local/pgvector.ts) and start again",
          { cause: err },
        );
      }
      await assertIterativeScans(tx);
      await assertTableDimensions(tx, jobs, dimensions);
      await assertTableDimensions(tx, seekers, dimensions);
      const [state] = await tx<{ found: boolean; may_create: boolean }[]>`
        SELECT to_regclass(${jobs}) IS NOT NULL AND to_regclass(${seekers}) IS NOT NULL AS found,
               has_schema_privilege(current_schema(), 'CREATE') AS may_create`;
      if (state!.found || !state!.may_create) return state!.found;
      await tx.unsafe(`
        CREATE TABLE IF NOT EXISTS ${jobs} (
          job_id text PRIMARY KEY,
          partner_id text NOT NULL,
          status text NOT NULL,
          city text NOT NULL,
          employment_type text NOT NULL,
          embedding vector(${dimensions}) NOT NULL,
          updated_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX IF NOT EXISTS ${jobs}_embedding_idx
          ON ${jobs} USING hnsw (embedding vector_cosine_ops);
        CREATE INDEX IF NOT EXISTS ${jobs}_partner_id_idx ON ${jobs} (partner_id);
        CREATE INDEX IF NOT EXISTS ${jobs}_status_idx ON ${jobs} (status);
        CREATE INDEX IF NOT EXISTS ${jobs}_city_idx ON ${jobs} (city);
        CREATE INDEX IF NOT EXISTS ${jobs}_employment_type_idx ON ${jobs} (employment_type);
        CREATE TABLE IF NOT EXISTS ${seekers} (
          seeker_id text PRIMARY KEY,
          city text NOT NULL,
          employment_types text[] NOT NULL,
          embedding vector(${dimensions}) NOT NULL,
          updated_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX IF NOT EXISTS ${seekers}_embedding_idx
          ON ${seekers} USING hnsw (embedding vector_cosine_ops);
        CREATE INDEX IF NOT EXISTS ${seekers}_city_idx ON ${seekers} (city);
        CREATE INDEX IF NOT EXISTS ${seekers}_employment_types_idx
          ON ${seekers} USING gin (employment_types);
      `).simple();
      return true;
    });
  }

  return {
    async init() {
      // A role that only searches the index (the matching service's) may neither create in
      // the schema nor own the tables: it waits until their writer's init has made them.
      while (!await createTables()) await new Promise((r) => setTimeout(r, INIT_POLL_MS));
    },

    async upsertJob(job: JobVector) {
      const embedding = vec(job.vector, `job ${job.id}'s vector`);
      await sql`
        INSERT INTO ${sql(jobs)}
          (job_id, partner_id, status, city, employment_type, embedding, updated_at)
        VALUES (${job.id}, ${job.partnerId}, ${job.status}, ${job.city}, ${job.employmentType},
                ${embedding}::vector, now())
        ON CONFLICT (job_id) DO UPDATE SET
          partner_id = EXCLUDED.partner_id, status = EXCLUDED.status, city = EXCLUDED.city,
          employment_type = EXCLUDED.employment_type, embedding = EXCLUDED.embedding,
          updated_at = EXCLUDED.updated_at`;
    },

    async setJobStatus(jobId: string, status: JobStatus) {
      await sql`UPDATE ${sql(jobs)} SET status = ${status}, updated_at = now()
                WHERE job_id = ${jobId}`;
    },

    async deleteJob(jobId: string) {
      await sql`DELETE FROM ${sql(jobs)} WHERE job_id = ${jobId}`;
    },

    async getJob(jobId: string) {
      const [row] = await sql<
        {
          partner_id: string;
          status: JobStatus;
          city: string;
          employment_type: EmploymentType;
          embedding: string;
        }[]
      >`SELECT partner_id, status, city, employment_type, embedding::text AS embedding
        FROM ${sql(jobs)} WHERE job_id = ${jobId}`;
      if (!row) return undefined;
      return {
        id: jobId,
        partnerId: row.partner_id,
        status: row.status,
        city: row.city,
        employmentType: row.employment_type,
        vector: unvec(row.embedding),
      };
    },

    async upsertSeeker(seeker: SeekerVector) {
      const embedding = vec(seeker.vector, `seeker ${seeker.id}'s vector`);
      await sql`
        INSERT INTO ${sql(seekers)} (seeker_id, city, employment_types, embedding, updated_at)
        VALUES (${seeker.id}, ${seeker.city}, ${seeker.employmentTypes}::text[],
                ${embedding}::vector, now())
        ON CONFLICT (seeker_id) DO UPDATE SET
          city = EXCLUDED.city, employment_types = EXCLUDED.employment_types,
          embedding = EXCLUDED.embedding, updated_at = EXCLUDED.updated_at`;
    },

    async deleteSeeker(seekerId: string) {
      await sql`DELETE FROM ${sql(seekers)} WHERE seeker_id = ${seekerId}`;
    },

    async getSeeker(seekerId: string) {
      const [row] = await sql<
        { city: string; employment_types: EmploymentType[]; embedding: string }[]
      >`SELECT city, employment_types, embedding::text AS embedding
        FROM ${sql(seekers)} WHERE seeker_id = ${seekerId}`;
      if (!row) return undefined;
      return {
        id: seekerId,
        city: row.city,
        employmentTypes: row.employment_types,
        vector: unvec(row.embedding),
      };
    },

    async searchSeekers(vector: Float32Array, filter: SeekerFilter, limit: number) {
      const q = vec(vector, "the query vector");
      assertLimit(limit);
      if (limit === 0) return [];
      return await nearest(limit, (tx) =>
        tx<{ id: string; distance: number }[]>`
          WITH nearest AS MATERIALIZED (
            SELECT seeker_id AS id, embedding <=> ${q}::vector AS distance
            FROM ${tx(seekers)}
            WHERE true
              ${filter.city !== undefined ? tx`AND city = ${filter.city}` : tx``}
              ${
          filter.employmentType !== undefined
            ? tx`AND employment_types @> ARRAY[${filter.employmentType}]::text[]`
            : tx``
        }
            ORDER BY distance
            LIMIT ${limit}
          )
          SELECT id, distance FROM nearest ORDER BY distance, id`);
    },

    async searchJobs(vector: Float32Array, filter: JobFilter, limit: number) {
      const q = vec(vector, "the query vector");
      assertLimit(limit);
      // "One of no types" matches nothing; Qdrant's `match: { any: [] }` agrees by our rule.
      if (limit === 0 || filter.employmentTypes?.length === 0) return [];
      return await nearest(limit, (tx) =>
        tx<{ id: string; distance: number }[]>`
          WITH nearest AS MATERIALIZED (
            SELECT job_id AS id, embedding <=> ${q}::vector AS distance
            FROM ${tx(jobs)}
            WHERE true
              ${filter.city !== undefined ? tx`AND city = ${filter.city}` : tx``}
              ${
          filter.employmentTypes !== undefined
            ? tx`AND employment_type = ANY(${filter.employmentTypes}::text[])`
            : tx``
        }
              ${filter.status !== undefined ? tx`AND status = ${filter.status}` : tx``}
              ${filter.partnerId !== undefined ? tx`AND partner_id = ${filter.partnerId}` : tx``}
            ORDER BY distance
            LIMIT ${limit}
          )
          SELECT id, distance FROM nearest ORDER BY distance, id`);
    },

    close() {
      return Promise.resolve();
    },
  };
}

/**
 * Throws unless the database's pgvector has iterative index scans (0.8.0): with an older
 * one, setting `hnsw.iterative_scan` is silently accepted as an unknown variable and
 * filtered searches quietly return fewer rows.
 */
async function assertIterativeScans(sql: Tx): Promise<void> {
  const [row] = await sql<{ v: string }[]>`
    SELECT extversion AS v FROM pg_extension WHERE extname = 'vector'`;
  const [major = 0, minor = 0] = (row?.v ?? "0").split(".").map(Number);
  if (major === 0 && minor < 8) {
    throw new Error(
      `pgvector ${row?.v} is too old: filtered searches need 0.8.0 or later (iterative index ` +
        `scans); install it on the server, then ALTER EXTENSION vector UPDATE`,
    );
  }
}

/** Throws when `table` exists with an embedding column of another dimension. */
async function assertTableDimensions(sql: Tx, table: string, dimensions: number): Promise<void> {
  const [row] = await sql<{ type: string }[]>`
    SELECT format_type(atttypid, atttypmod) AS type FROM pg_attribute
    WHERE attrelid = to_regclass(${table}) AND attname = 'embedding' AND NOT attisdropped`;
  if (row && row.type !== `vector(${dimensions})`) {
    throw new Error(
      `table ${table} holds ${row.type} embeddings but this index was configured with ` +
        `${dimensions} dimensions; re-embed into new tables (another prefix) or drop it`,
    );
  }
}

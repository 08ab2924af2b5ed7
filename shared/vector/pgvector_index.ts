/**
 * The pgvector adapter of the vector index: two tables in the service's Postgres, each with
 * ordinary indexes on the payload columns and blocks and, when configured, an HNSW graph on
 * cosine distance.
 * @module
 */
import { bindableRuns, type Sql, unnestSelect } from "@hire/db";
import type { EmploymentType, JobStatus } from "@hire/jobs";
import { fromSql, toSql } from "pgvector";
import type postgres from "postgres";
import type {
  Hit,
  JobFilter,
  JobVector,
  SeekerFilter,
  SeekerVector,
  VectorBlocks,
  VectorIndex,
} from "./index.ts";
import {
  assertDimensions,
  assertLimit,
  assertMinScore,
  assertPrefix,
  assertVector,
  atLeast,
  keepsToBlock,
  lastOfEachId,
  scoreOf,
  searchBlock,
  searchSeekersWithJobVector,
} from "./rules.ts";

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
  /** The space's blocks, when it has them: kept per vector, searched within. */
  blocks?: VectorBlocks;
  /** Whether the tables keep an HNSW graph (see {@link keepsGraph}). Default "auto". */
  graph?: GraphSetting;
}

/** The tables of the index whose names start with `prefix` (`tablePrefix`). */
export function pgvectorTables(prefix = ""): { jobs: string; seekers: string } {
  return { jobs: `${prefix}job_vectors`, seekers: `${prefix}seeker_vectors` };
}

/** `on`, `off`, or `auto`: a graph only for a space without blocks. */
export type GraphSetting = "auto" | "on" | "off";

/**
 * Whether the tables keep an HNSW graph of their vectors. Only a search that cannot keep to a
 * block walks it, and with blocks and a threshold above what two blocks share (matching's
 * default) no search does; yet every vector written is inserted into it, which costs a
 * thousand times the rest of the write (about 2 ms of the server's CPU for a vector of the
 * local space). So `auto` keeps one only when the space has no blocks. Without a graph a
 * search everywhere is an exact scan: the same answer, in time growing with the table.
 */
export function keepsGraph(setting: GraphSetting, blocks: VectorBlocks | undefined): boolean {
  return setting === "on" || (setting === "auto" && blocks === undefined);
}

type Tx = postgres.TransactionSql;
type Fragment = postgres.PendingQuery<postgres.Row[]>;
type Distances = readonly { id: string; distance: number }[];

/** How often an init that may not create the tables looks for them again. */
const INIT_POLL_MS = 1000;

/** Vectors given their block per statement when a table's rows predate blocks. */
const FILL_BATCH = 500;

/** pgvector's upper bound for `hnsw.ef_search`. */
const MAX_EF_SEARCH = 1000;

/** The storage parameter that keeps a row whole up to a page's most (`keepRowsWhole`). */
const WHOLE_ROWS = "toast_tuple_target=8160";

/** The job vectors' columns' statistics target (`sampleJobsLightly`): 3,000 rows a sample. */
const JOB_VECTORS_STATISTICS = 10;

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
  const { jobs, seekers } = pgvectorTables(prefix);
  const graph = keepsGraph(opts.graph ?? "auto", opts.blocks);
  const vec = (v: Float32Array, what: string): string => {
    assertVector(v, dimensions, what);
    // pgvector's helper writes the text form '[a,b,...]'. Each float32 widens exactly to a
    // double, JSON prints that double exactly, and Postgres reads it back to the same float4.
    return toSql(Array.from(v)) as string;
  };
  const unvec = (text: string): Float32Array => Float32Array.from(fromSql(text) as number[]);

  /**
   * The `limit` nearest rows of `table` that pass `where`, with their scores, of those
   * scoring at least `minScore`. Within a block (see {@link searchBlock}) the scan is exact:
   * the block's btree finds its few hundred rows and they are sorted by distance, where the
   * HNSW walk would wade through every other block's vectors for them. Elsewhere the HNSW
   * graph, when the tables keep one, is walked with iterative scans enabled for this query
   * alone; without one the planner scans the table.
   */
  async function nearest(
    table: string,
    idColumn: string,
    vector: Float32Array,
    where: Fragment,
    limit: number,
    minScore: number | undefined,
  ): Promise<Hit[]> {
    const q = vec(vector, "the query vector");
    assertLimit(limit);
    assertMinScore(minScore);
    if (limit === 0) return [];
    const block = searchBlock(opts.blocks, vector, minScore);
    const rows = block === undefined
      ? await searchEverywhere(table, idColumn, q, where, limit)
      // Rows written before the table had blocks (NULL until fillBlocks reaches them) may be
      // anywhere.
      : await sql<Distances>`
          WITH candidates AS MATERIALIZED (
            SELECT ${sql(idColumn)} AS id, embedding <=> ${q}::vector AS distance
            FROM ${sql(table)}
            WHERE (block = ${block} OR block IS NULL) ${where}
          )
          SELECT id, distance FROM candidates ORDER BY distance, id LIMIT ${limit}`;
    return atLeast(rows.map((r) => ({ id: r.id, score: scoreOf(1 - r.distance) })), minScore);
  }

  function searchEverywhere(
    table: string,
    idColumn: string,
    q: string,
    where: Fragment,
    limit: number,
  ): Promise<Distances> {
    return sql.begin(async (tx) => {
      // relaxed_order: the scan keeps going until LIMIT rows pass the WHERE (or it reaches
      // hnsw.max_scan_tuples), possibly slightly out of distance order; the caller's outer
      // ORDER BY over a MATERIALIZED CTE restores exact order. pgvector's README recommends
      // this over strict_order, which gives lower recall. SET LOCAL semantics (third argument
      // true) end with this transaction, so pooled connections are left as they were.
      const efSearch = String(efSearchFor(limit, opts.efSearch));
      await tx`SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true),
                      set_config('hnsw.ef_search', ${efSearch}, true)`;
      return await tx<Distances>`
        WITH nearest AS MATERIALIZED (
          SELECT ${tx(idColumn)} AS id, embedding <=> ${q}::vector AS distance
          FROM ${tx(table)}
          WHERE true ${where}
          ORDER BY distance
          LIMIT ${limit}
        )
        SELECT id, distance FROM nearest ORDER BY distance, id`;
    });
  }

  /** The conditions of a seeker search, for {@link nearest}'s `where`. */
  const seekerWhere = (filter: SeekerFilter): Fragment =>
    sql`${filter.city !== undefined ? sql`AND city = ${filter.city}` : sql``}
        ${
      filter.employmentType !== undefined
        ? sql`AND employment_types @> ARRAY[${filter.employmentType}]::text[]`
        : sql``
    }`;

  /**
   * Gives every row of `table` without a block its block, when this role may write it. An
   * upsert racing the fill wins: the fill writes only rows still as it read them. Each row
   * written is a new row version, so every index of the table (HNSW too) takes it again:
   * about 250 rows/s on the benchmark's machine with an HNSW graph, hence a background task.
   */
  async function fillTable(
    blocks: VectorBlocks,
    table: string,
    idColumn: string,
    signal: AbortSignal | undefined,
  ): Promise<number> {
    const [may] = await sql<{ update: boolean }[]>`
      SELECT has_table_privilege(${table}, 'UPDATE') AS update`;
    if (!may!.update) return 0;
    let filled = 0;
    // Rows that stay as read yet take no block would be read again forever: give up instead.
    for (let idle = 0; !signal?.aborted;) {
      // updated_at compared as text: a Date (postgres.js's timestamptz) drops the
      // microseconds, and the row would never compare equal.
      const rows = await sql<{ id: string; embedding: string; updated_at: string }[]>`
        SELECT ${sql(idColumn)} AS id, embedding::text AS embedding,
               updated_at::text AS updated_at
        FROM ${sql(table)} WHERE block IS NULL LIMIT ${FILL_BATCH}`;
      if (rows.length === 0) break;
      const filling = unnestSelect(
        sql,
        rows.map((r) => ({ ...r, block: blocks.of(unvec(r.embedding)) })),
        { id: "text", block: "int", updated_at: "text" },
      );
      const { count } = await sql`
        UPDATE ${sql(table)} AS t SET block = f.block
        FROM (${filling}) AS f
        WHERE t.${sql(idColumn)} = f.id AND t.block IS NULL AND t.updated_at::text = f.updated_at`;
      filled += count;
      idle = count === 0 ? idle + 1 : 0;
      if (idle === 3) throw new Error(`the blocks of ${table} could not be written`);
    }
    return filled;
  }

  /**
   * Creates the tables unless they exist, and gives them a graph or takes it away as
   * configured when this role owns them; false when missing and this role may not create
   * them.
   */
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
      // Found: both tables, in the layout with blocks (a reader's searches name the column).
      const [state] = await tx<{ found: boolean; may_create: boolean }[]>`
        SELECT count(*) = 2 AS found,
               has_schema_privilege(current_schema(), 'CREATE') AS may_create
        FROM pg_attribute
        WHERE attrelid IN (to_regclass(${jobs}), to_regclass(${seekers}))
          AND attname = 'block' AND NOT attisdropped`;
      if (!state!.may_create) return state!.found;
      if (!state!.found) await createLayout(tx);
      for (const table of [jobs, seekers]) {
        if (!await owns(tx, table)) continue;
        await shapeGraph(tx, table);
        await keepRowsWhole(tx, table);
        if (table === jobs) await sampleJobsLightly(tx);
        // Earlier releases indexed seekers' employment types: once rows were whole the
        // planner ANDed that index's 60,000-row bitmap into a block's search, three times
        // the search's cost.
        if (table === seekers) {
          await tx.unsafe(`DROP INDEX IF EXISTS ${seekers}_employment_types_idx`);
        }
      }
      return true;
    });
  }

  /**
   * The tables and their payload indexes. Tables of an earlier release lack the block
   * column: it is added (instantly, no default) and filled by init.
   */
  async function createLayout(tx: Tx): Promise<void> {
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
        ALTER TABLE ${jobs} ADD COLUMN IF NOT EXISTS block integer;
        CREATE INDEX IF NOT EXISTS ${jobs}_partner_id_idx ON ${jobs} (partner_id);
        CREATE INDEX IF NOT EXISTS ${jobs}_status_idx ON ${jobs} (status);
        CREATE INDEX IF NOT EXISTS ${jobs}_city_idx ON ${jobs} (city);
        CREATE INDEX IF NOT EXISTS ${jobs}_employment_type_idx ON ${jobs} (employment_type);
        CREATE INDEX IF NOT EXISTS ${jobs}_block_city_idx ON ${jobs} (block, city);
        CREATE TABLE IF NOT EXISTS ${seekers} (
          seeker_id text PRIMARY KEY,
          city text NOT NULL,
          employment_types text[] NOT NULL,
          embedding vector(${dimensions}) NOT NULL,
          updated_at timestamptz NOT NULL DEFAULT now()
        );
        ALTER TABLE ${seekers} ADD COLUMN IF NOT EXISTS block integer;
        CREATE INDEX IF NOT EXISTS ${seekers}_city_idx ON ${seekers} (city);
        CREATE INDEX IF NOT EXISTS ${seekers}_block_city_idx ON ${seekers} (block, city);
      `).simple();
  }

  /** Whether this role owns `table`: only its owner may change its indexes and storage. */
  async function owns(tx: Tx, table: string): Promise<boolean> {
    const [row] = await tx<{ owns: boolean }[]>`
      SELECT pg_has_role(relowner, 'USAGE') AS owns FROM pg_class WHERE oid = to_regclass(${table})`;
    return row?.owns ?? false;
  }

  /**
   * Builds `table`'s HNSW graph when it should have one and lacks it, drops it in the
   * opposite case. Building the graph of a filled table takes a while (minutes for 100,000
   * vectors with the default `maintenance_work_mem`) and holds the table's writes.
   */
  async function shapeGraph(tx: Tx, table: string): Promise<void> {
    const graphIndex = `${table}_embedding_idx`;
    const [row] = await tx<{ has: boolean }[]>`
      SELECT to_regclass(${graphIndex}) IS NOT NULL AS has`;
    if (row!.has === graph) return;
    await tx.unsafe(
      graph
        ? `CREATE INDEX ${graphIndex} ON ${table} USING hnsw (embedding vector_cosine_ops)`
        : `DROP INDEX ${graphIndex}`,
    );
  }

  /**
   * Keeps `table`'s rows whole in its pages whenever they fit (`toast_tuple_target` at its
   * most, 8,160 bytes). By default Postgres shrinks any row over 2 KB (a vector of more than
   * 500 dimensions) by moving its values out of line into the TOAST table, largest first: the
   * vector, and then even the 30-byte ids. A search reads each candidate's vector and id: out
   * of line that is a descent of the TOAST index and two or three more pages, about 6.6
   * buffers a candidate against one; a block's search over 100,000 seekers under load took
   * 8.9 ms against 2.6 (bench/results/whole-rows.md). A row too large for a page (a vector of
   * over about 2,000 dimensions) is still moved out of line. Only rows written from then on
   * stay whole; `VACUUM FULL` rewrites the others (shared/vector/README.md).
   */
  async function keepRowsWhole(tx: Tx, table: string): Promise<void> {
    const [row] = await tx<{ whole: boolean }[]>`
      SELECT coalesce(${WHOLE_ROWS} = ANY(reloptions), false) AS whole
      FROM pg_class WHERE oid = to_regclass(${table})`;
    if (!row!.whole) await tx.unsafe(`ALTER TABLE ${table} SET (${WHOLE_ROWS})`);
  }

  /**
   * Has `ANALYZE` of the job vectors sample 3,000 rows instead of Postgres's 30,000. A sample
   * is 300 rows per point of the columns' largest statistics target (default 100), and each of
   * these rows fills a page of its own (`keepRowsWhole`): with 24,000 jobs an `ANALYZE` read
   * them all and took 0.7–1.1 s of the server, third in statement time in bench:starvation's
   * run after delivery's claim and fan-out (17.3 s of it: every job embedded is a row written,
   * so autovacuum's rules analyse the table again and again while a backlog drains); at 10,
   * 0.2 s (bench/results/starvation-twenty-third-machine-statements.md). Searches of jobs
   * filter on a few payload columns of few values each, which 3,000 rows describe. The
   * seekers' table keeps the default: a block's search over seekers is matching's hot path,
   * and its plan rests on their statistics (the GIN index above).
   */
  async function sampleJobsLightly(tx: Tx): Promise<void> {
    const columns = await tx<{ name: string }[]>`
      SELECT attname AS name FROM pg_attribute
      WHERE attrelid = to_regclass(${jobs}) AND attnum > 0 AND NOT attisdropped
        AND attstattarget IS DISTINCT FROM ${JOB_VECTORS_STATISTICS}`;
    if (columns.length === 0) return;
    await tx.unsafe(
      `ALTER TABLE ${jobs} ${
        columns.map((c) => `ALTER COLUMN ${c.name} SET STATISTICS ${JOB_VECTORS_STATISTICS}`)
          .join(", ")
      }`,
    );
  }

  /**
   * Writes rows as multi-row VALUES, which Postgres and postgres.js handle for about a third
   * of the time of one statement a row, or of a row set unpacked from one JSON or array
   * parameter (whose text the server then parses twice). A batch beyond one statement's bind
   * parameters goes in one transaction: all of it or none.
   */
  async function writeRows<T extends Record<string, unknown>>(
    rows: T[],
    write: (q: Sql | Tx, run: T[]) => Fragment,
  ): Promise<void> {
    const runs = bindableRuns(rows);
    if (runs.length === 1) await write(sql, runs[0]!);
    else if (runs.length > 1) {
      await sql.begin(async (tx) => {
        for (const run of runs) await write(tx, run);
      });
    }
  }

  const index: VectorIndex = {
    async init() {
      // A role that only searches the index (the matching service's) may neither create in
      // the schema nor own the tables: it waits until their writer's init has made them.
      while (!await createTables()) await new Promise((r) => setTimeout(r, INIT_POLL_MS));
    },

    async fillBlocks(signal?: AbortSignal) {
      if (!opts.blocks) return 0;
      return await fillTable(opts.blocks, jobs, "job_id", signal) +
        await fillTable(opts.blocks, seekers, "seeker_id", signal);
    },

    async upsertJobs(batch: JobVector[]) {
      await writeRows(
        lastOfEachId(batch).map((job) => ({
          job_id: job.id,
          partner_id: job.partnerId,
          status: job.status,
          city: job.city,
          employment_type: job.employmentType,
          embedding: vec(job.vector, `job ${job.id}'s vector`),
          block: opts.blocks?.of(job.vector) ?? null,
        })),
        (q, run) =>
          q`
            INSERT INTO ${q(jobs)} ${q(run)}
            ON CONFLICT (job_id) DO UPDATE SET
              partner_id = EXCLUDED.partner_id, status = EXCLUDED.status, city = EXCLUDED.city,
              employment_type = EXCLUDED.employment_type, embedding = EXCLUDED.embedding,
              block = EXCLUDED.block, updated_at = now()`,
      );
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

    async upsertSeekers(batch: SeekerVector[]) {
      await writeRows(
        lastOfEachId(batch).map((seeker) => ({
          seeker_id: seeker.id,
          city: seeker.city,
          employment_types: seeker.employmentTypes,
          embedding: vec(seeker.vector, `seeker ${seeker.id}'s vector`),
          block: opts.blocks?.of(seeker.vector) ?? null,
        })),
        (q, run) =>
          q`
            INSERT INTO ${q(seekers)} ${q(run)}
            ON CONFLICT (seeker_id) DO UPDATE SET
              city = EXCLUDED.city, employment_types = EXCLUDED.employment_types,
              embedding = EXCLUDED.embedding, block = EXCLUDED.block, updated_at = now()`,
      );
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
      return await nearest(
        seekers,
        "seeker_id",
        vector,
        seekerWhere(filter),
        limit,
        filter.minScore,
      );
    },

    async searchSeekersForJob(jobId: string, filter: SeekerFilter, limit: number) {
      const withVector = () => searchSeekersWithJobVector(index, jobId, filter, limit);
      if (!keepsToBlock(opts.blocks, filter.minScore)) return await withVector();
      assertLimit(limit);
      assertMinScore(filter.minScore);
      // The job's block is the one upsertJobs stored (blocks.of of its vector); one stored
      // before the index had blocks (NULL) is searched as searchSeekers would, from its vector.
      const where = seekerWhere(filter);
      const rows = await sql<{ query_block: number | null; id: string | null; distance: number }[]>`
        WITH query AS MATERIALIZED (
          SELECT embedding, block FROM ${sql(jobs)} WHERE job_id = ${jobId}
        ),
        candidates AS MATERIALIZED (
          SELECT seeker_id AS id, embedding <=> (SELECT embedding FROM query) AS distance
          FROM ${sql(seekers)} WHERE block = (SELECT block FROM query) ${where}
          UNION ALL
          SELECT seeker_id AS id, embedding <=> (SELECT embedding FROM query) AS distance
          FROM ${sql(seekers)} WHERE block IS NULL ${where}
        ),
        nearest AS (SELECT id, distance FROM candidates ORDER BY distance, id LIMIT ${limit})
        SELECT query.block AS query_block, nearest.id, nearest.distance
        FROM query LEFT JOIN nearest ON true
        ORDER BY nearest.distance, nearest.id`;
      if (rows.length === 0) return [];
      if (rows[0]!.query_block === null) return await withVector();
      return atLeast(
        rows.flatMap((r) => r.id === null ? [] : [{ id: r.id, score: scoreOf(1 - r.distance) }]),
        filter.minScore,
      );
    },

    async searchJobs(vector: Float32Array, filter: JobFilter, limit: number) {
      // "One of no types" matches nothing; Qdrant's `match: { any: [] }` agrees by our rule.
      if (filter.employmentTypes?.length === 0) {
        assertVector(vector, dimensions, "the query vector");
        assertLimit(limit);
        return [];
      }
      return await nearest(
        jobs,
        "job_id",
        vector,
        sql`${filter.city !== undefined ? sql`AND city = ${filter.city}` : sql``}
            ${
          filter.employmentTypes !== undefined
            ? sql`AND employment_type = ANY(${filter.employmentTypes}::text[])`
            : sql``
        }
            ${filter.status !== undefined ? sql`AND status = ${filter.status}` : sql``}
            ${filter.partnerId !== undefined ? sql`AND partner_id = ${filter.partnerId}` : sql``}`,
        limit,
        filter.minScore,
      );
    },

    close() {
      return Promise.resolve();
    },
  };
  return index;
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

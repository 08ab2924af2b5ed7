/**
 * The port of the vector index that holds job and seeker vectors, with the payload the
 * matching filters need. Filters are applied inside the index query, never after it.
 * @module
 */
import type { EmploymentType, JobStatus } from "@hire/jobs";

/** A job's vector and the payload matching filters on. */
export interface JobVector {
  id: string;
  partnerId: string;
  status: JobStatus;
  city: string;
  employmentType: EmploymentType;
  vector: Float32Array;
}

/** A seeker's vector and the payload matching filters on. */
export interface SeekerVector {
  id: string;
  city: string;
  employmentTypes: EmploymentType[];
  vector: Float32Array;
}

/** One search hit. `score` is the cosine similarity clamped to [0, 1]. */
export interface Hit {
  id: string;
  score: number;
}

/**
 * A partition of an embedding space across which no two vectors score above
 * `maxScoreAcross`: the occupation bridge's has a block per occupation (docs/matching.md).
 * An index given blocks keeps each vector's block, and a search that needs only hits above
 * that score looks in the query's own block alone: an exact scan of a few hundred vectors
 * instead of a walk of the whole graph through candidates the filters then reject.
 */
export interface VectorBlocks {
  /** The block a vector belongs to. */
  of(vector: Float32Array): number;
  /** The highest score of two vectors in different blocks. */
  maxScoreAcross: number;
}

/** The score filter both searches take. */
export interface ScoreFilter {
  /**
   * Only hits scoring at least this. Within the `limit` nearest that pass the other
   * filters: the answer is what a search without it returns, less the hits below it.
   */
  minScore?: number;
}

/** Filters of a seeker search (for a job). */
export interface SeekerFilter extends ScoreFilter {
  city?: string;
  /** Only seekers open to this employment type. */
  employmentType?: EmploymentType;
}

/** Filters of a job search (for a seeker). */
export interface JobFilter extends ScoreFilter {
  city?: string;
  /** Only jobs whose employment type is one of these. */
  employmentTypes?: EmploymentType[];
  status?: JobStatus;
  partnerId?: string;
}

/** A vector index: pgvector by default, Qdrant when configured. */
export interface VectorIndex {
  /** Creates tables or collections (with the given dimension) and indexes if missing. */
  init(): Promise<void>;
  /**
   * Gives each vector stored without a block its block (vectors written before the store
   * had blocks); resolves to how many. A no-op without blocks or without the right to
   * write. Safe beside searches (which count such vectors in every block) and writes;
   * stops early, without an error, once `signal` aborts.
   */
  fillBlocks(signal?: AbortSignal): Promise<number>;
  /**
   * Writes jobs' vectors in one round trip, replacing what each id had. When an id appears
   * more than once, its last entry is what is written.
   */
  upsertJobs(jobs: JobVector[]): Promise<void>;
  /** Updates the status payload of a job's vector; no-op when the job has none. */
  setJobStatus(jobId: string, status: JobStatus): Promise<void>;
  deleteJob(jobId: string): Promise<void>;
  getJob(jobId: string): Promise<JobVector | undefined>;
  /** Writes seekers' vectors in one round trip, as {@link upsertJobs} writes jobs'. */
  upsertSeekers(seekers: SeekerVector[]): Promise<void>;
  deleteSeeker(seekerId: string): Promise<void>;
  getSeeker(seekerId: string): Promise<SeekerVector | undefined>;
  /** Nearest seekers to `vector` that pass `filter`, best first. */
  searchSeekers(vector: Float32Array, filter: SeekerFilter, limit: number): Promise<Hit[]>;
  /**
   * What {@link searchSeekers} answers for the job's stored vector (none when the job has no
   * vector), where the store can search with it without sending it to the caller and back.
   */
  searchSeekersForJob(jobId: string, filter: SeekerFilter, limit: number): Promise<Hit[]>;
  /** Nearest jobs to `vector` that pass `filter`, best first. */
  searchJobs(vector: Float32Array, filter: JobFilter, limit: number): Promise<Hit[]>;
  close(): Promise<void>;
}

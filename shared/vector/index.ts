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

/** Filters of a seeker search (for a job). */
export interface SeekerFilter {
  city?: string;
  /** Only seekers open to this employment type. */
  employmentType?: EmploymentType;
}

/** Filters of a job search (for a seeker). */
export interface JobFilter {
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
  upsertJob(job: JobVector): Promise<void>;
  /** Updates the status payload of a job's vector; no-op when the job has none. */
  setJobStatus(jobId: string, status: JobStatus): Promise<void>;
  deleteJob(jobId: string): Promise<void>;
  getJob(jobId: string): Promise<JobVector | undefined>;
  upsertSeeker(seeker: SeekerVector): Promise<void>;
  deleteSeeker(seekerId: string): Promise<void>;
  getSeeker(seekerId: string): Promise<SeekerVector | undefined>;
  /** Nearest seekers to `vector` that pass `filter`, best first. */
  searchSeekers(vector: Float32Array, filter: SeekerFilter, limit: number): Promise<Hit[]>;
  /** Nearest jobs to `vector` that pass `filter`, best first. */
  searchJobs(vector: Float32Array, filter: JobFilter, limit: number): Promise<Hit[]>;
  close(): Promise<void>;
}

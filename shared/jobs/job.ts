/**
 * The job as partners see it, and the row it is stored as.
 * @module
 */

/** Employment types of the spec's Job table. */
export const EMPLOYMENT_TYPES = ["full_time", "part_time", "contract", "internship"] as const;
/** Job statuses; `active` is the default. */
export const JOB_STATUSES = ["active", "paused", "closed"] as const;
/** States of the asynchronous embedding pipeline. */
export const EMBEDDING_STATUSES = ["processing", "ready", "failed"] as const;
/** Employment types for which `salary_min` is required. */
export const SALARY_REQUIRED_FOR: readonly EmploymentType[] = ["full_time", "contract"];

export type EmploymentType = typeof EMPLOYMENT_TYPES[number];
export type JobStatus = typeof JOB_STATUSES[number];
export type EmbeddingStatus = typeof EMBEDDING_STATUSES[number];

/** The fields a partner writes. */
export interface JobFields {
  title: string;
  description: string;
  city: string;
  employment_type: EmploymentType;
  salary_min: number | null;
  salary_max: number | null;
  currency: "SAR";
  status: JobStatus;
}

/** A job as stored: the partner's fields plus what the service owns. */
export interface JobRow extends JobFields {
  id: string;
  partner_id: string;
  embedding_status: EmbeddingStatus;
  match_ready: boolean;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  /** Counts title/description changes; the embedding pipeline works on a version. */
  content_version: number;
  /** The content version the stored vector was made from; 0 before the first. */
  embedded_version: number;
  /** When the job first became match-ready (and job.created was emitted). */
  first_ready_at: Date | null;
  embedding_attempts: number;
  embedding_error: string | null;
}

/** The job object of the API and of event payloads. */
export interface PublicJob extends JobFields {
  id: string;
  embedding_status: EmbeddingStatus;
  match_ready: boolean;
  service_url: string;
  created_at: string;
  updated_at: string;
}

/**
 * The row a create command makes: the partner's fields, `active`, embedding `processing`,
 * created and updated at the instant the edge accepted the request. The edge answers the
 * 201 from this same function, so the answer and the stored job cannot differ.
 */
export function newJobRow(
  input: { jobId: string; partnerId: string; fields: Omit<JobFields, "status">; at: Date },
): JobRow {
  return {
    id: input.jobId,
    partner_id: input.partnerId,
    ...input.fields,
    status: "active",
    embedding_status: "processing",
    match_ready: false,
    created_at: input.at,
    updated_at: input.at,
    deleted_at: null,
    content_version: 1,
    embedded_version: 0,
    first_ready_at: null,
    embedding_attempts: 0,
    embedding_error: null,
  };
}

/** The public canonical URL of a job on the public site (`SITE_BASE_URL`). */
export function serviceUrl(siteBaseUrl: string, jobId: string): string {
  return `${siteBaseUrl}/jobs/${jobId}`;
}

/** The public shape of a stored job; fields are listed in the spec's order. */
export function toPublicJob(row: JobRow, siteBaseUrl: string): PublicJob {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    city: row.city,
    employment_type: row.employment_type,
    salary_min: row.salary_min,
    salary_max: row.salary_max,
    currency: row.currency,
    status: row.status,
    embedding_status: row.embedding_status,
    match_ready: row.match_ready,
    service_url: serviceUrl(siteBaseUrl, row.id),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

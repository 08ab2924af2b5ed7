/**
 * A job as the public site shows it: the partner's fields, the partner's display name and
 * what the site needs to decide visibility and caching.
 * @module
 */
import type { EmploymentType, JobStatus } from "@hire/jobs";

/** One job read for the site (never another partner's private data: only public fields). */
export interface SiteJob {
  id: string;
  title: string;
  /** The partner's Markdown, as written. */
  description: string;
  /** Canonical English city name (`KSA_CITIES`). */
  city: string;
  employment_type: EmploymentType;
  salary_min: number | null;
  salary_max: number | null;
  currency: "SAR";
  status: JobStatus;
  created_at: Date;
  updated_at: Date;
  /** Set when the job was soft-deleted (the page answers 410). */
  deleted_at: Date | null;
  /** Counts title/description changes: the key of the rendered description's cache. */
  content_version: number;
  /** The partner's display name: shown as the employer and used as hiringOrganization. */
  partner_name: string;
}

/** The site's two interface languages. */
export type Lang = "en" | "ar";

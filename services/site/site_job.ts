/**
 * A job as the public site shows it: the stored job's public fields, the partner's display
 * name, and what the site needs to decide visibility and caching.
 * @module
 */
import type { JobRow } from "@hire/jobs";

/** One job read for the site: only what a visitor may see. */
export type SiteJob =
  & Pick<
    JobRow,
    | "id"
    | "title"
    | "description"
    | "city"
    | "employment_type"
    | "salary_min"
    | "salary_max"
    | "currency"
    | "status"
    | "created_at"
    | "updated_at"
    // Set when the job was soft-deleted: the page answers 410.
    | "deleted_at"
    // Counts title/description changes: the key of the rendered description's cache.
    | "content_version"
  >
  & {
    /** The partner's display name: shown as the employer and used as hiringOrganization. */
    partner_name: string;
  };

/** The site's two interface languages. */
export type { Lang } from "@hire/pages";

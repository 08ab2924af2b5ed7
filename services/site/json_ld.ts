/**
 * schema.org `JobPosting` structured data for a job page, and its safe embedding in HTML.
 * @module
 */
import type { EmploymentType } from "@hire/jobs";
import { isoDate } from "./format.ts";
import type { SiteJob } from "./site_job.ts";

/** Our employment types as the values Google's JobPosting documentation accepts. */
export const SCHEMA_EMPLOYMENT_TYPE: Readonly<Record<EmploymentType, string>> = {
  full_time: "FULL_TIME",
  part_time: "PART_TIME",
  contract: "CONTRACTOR",
  internship: "INTERN",
};

/** What the page knows beyond the job itself. */
export interface JobPostingJsonLdOptions {
  /** The rendered (and sanitised) description; JobPosting wants the description as HTML. */
  descriptionHtml: string;
  /** The job page's canonical absolute URL. */
  url: string;
}

/**
 * The `JobPosting` object for one job, ready for {@linkcode jsonLdScript}. `baseSalary` is
 * present only when the job states a salary.
 */
export function jobPostingJsonLd(
  job: SiteJob,
  opts: JobPostingJsonLdOptions,
): Record<string, unknown> {
  const data: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: job.title,
    description: opts.descriptionHtml,
    // The Riyadh calendar day, the same day the page prints.
    datePosted: isoDate(job.created_at),
    // validThrough is left out: jobs carry no expiry, and a made-up one would drop live
    // postings from search. Closed and deleted jobs leave the site instead.
    // Google defines identifier as the hiring organisation's id for the job; partners post
    // through our API and refer to the job by this id ever after, so it is theirs too, and
    // naming it after the partner keeps it consistent with hiringOrganization.
    identifier: { "@type": "PropertyValue", name: job.partner_name, value: job.id },
    hiringOrganization: { "@type": "Organization", name: job.partner_name },
    jobLocation: {
      "@type": "Place",
      address: {
        "@type": "PostalAddress",
        addressLocality: job.city,
        addressCountry: "SA",
      },
    },
    employmentType: SCHEMA_EMPLOYMENT_TYPE[job.employment_type],
    url: opts.url,
    // Applying happens with the partner, not on this page.
    directApply: false,
  };
  const value = salaryValue(job.salary_min, job.salary_max);
  if (value) {
    data.baseSalary = { "@type": "MonetaryAmount", currency: job.currency, value };
  }
  return data;
}

function salaryValue(min: number | null, max: number | null): Record<string, unknown> | undefined {
  const base = { "@type": "QuantitativeValue", unitText: "MONTH" };
  if (min !== null && max !== null) {
    return min === max ? { ...base, value: min } : { ...base, minValue: min, maxValue: max };
  }
  // A single bound stays a bound: an exact `value` would tell search engines "9,000" where
  // the page says "from 9,000", and structured data must match the visible page.
  if (min !== null) return { ...base, minValue: min };
  if (max !== null) return { ...base, maxValue: max };
  return undefined;
}

const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;

/**
 * JSON for the body of `<script type="application/ld+json">`. `<`, `>`, `&`, U+2028 and
 * U+2029 become `\uXXXX` escapes, so text such as `</script>` or `<!--` in a title cannot
 * end or change the script element; `JSON.parse` of the result gives back the same value.
 */
export function jsonLdScript(
  data: Record<string, unknown> | readonly Record<string, unknown>[],
): string {
  // These characters never occur in JSON outside strings, where `\uXXXX` means the same.
  return JSON.stringify(data).replace(
    SCRIPT_UNSAFE,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

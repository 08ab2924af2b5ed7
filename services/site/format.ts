/**
 * Localized labels, numbers and dates for the site's two languages: salaries and employment
 * types here, numbers and dates from `@hire/pages` (Western digits in Arabic too, why there).
 * @module
 */
import type { EmploymentType } from "@hire/jobs";
import { formatDate, formatNumber } from "@hire/pages";
import type { Lang, SiteJob } from "./site_job.ts";

export { formatNumber, isoDate, TIME_ZONE as SITE_TIME_ZONE } from "@hire/pages";

/**
 * The monthly salary as the site shows it, or `undefined` when the job states none.
 * `en`: "SAR 9,000–14,000 / month", "From SAR 9,000 / month", "Up to SAR 14,000 / month".
 * `ar`: "من 9,000 إلى 14,000 ريال سعودي شهريًا", "من 9,000 ريال سعودي شهريًا",
 * "حتى 14,000 ريال سعودي شهريًا". Equal bounds give one amount.
 */
export function formatSalary(
  job: Pick<SiteJob, "salary_min" | "salary_max">,
  lang: Lang,
): string | undefined {
  const { salary_min: min, salary_max: max } = job;
  const n = (v: number) => formatNumber(v, lang);
  // 0 is a stated salary (an unpaid internship), so only null means "not given".
  if (lang === "en") {
    if (min !== null && max !== null) {
      return min === max ? `SAR ${n(min)} / month` : `SAR ${n(min)}–${n(max)} / month`;
    }
    if (min !== null) return `From SAR ${n(min)} / month`;
    if (max !== null) return `Up to SAR ${n(max)} / month`;
    return undefined;
  }
  const unit = "ريال سعودي شهريًا";
  if (min !== null && max !== null) {
    // Not "9,000–14,000": the en dash is bidi class ON, and between two numbers in an RTL
    // paragraph it resolves to R, so browsers lay the range out right to left and show
    // "14,000–9,000" (checked with fribidi). Some readers take that as min first (reading
    // right to left), others as reversed (reading digits left to right); words leave no
    // doubt in either direction and match the single-bound forms.
    return min === max ? `${n(min)} ${unit}` : `من ${n(min)} إلى ${n(max)} ${unit}`;
  }
  if (min !== null) return `من ${n(min)} ${unit}`;
  if (max !== null) return `حتى ${n(max)} ${unit}`;
  return undefined;
}

const EMPLOYMENT_TYPE_LABELS: Record<EmploymentType, Record<Lang, string>> = {
  full_time: { en: "Full-time", ar: "دوام كامل" },
  part_time: { en: "Part-time", ar: "دوام جزئي" },
  contract: { en: "Contract", ar: "عقد" },
  // "تدريب تعاوني" is the university co-op programme specifically; a partner's internship
  // may be for graduates too, so the general term.
  internship: { en: "Internship", ar: "تدريب" },
};

/** The employment type as shown to people, e.g. "Full-time" / "دوام كامل". */
export function employmentTypeLabel(type: EmploymentType, lang: Lang): string {
  return EMPLOYMENT_TYPE_LABELS[type][lang];
}

/** A date as shown on a job: "24 November 2026" / "24 نوفمبر 2026" (`@hire/pages`). */
export const formatPostedDate: (date: Date, lang: Lang) => string = formatDate;

/**
 * An instant as RFC 3339 / W3C datetime in UTC to the second, e.g. `2026-11-24T22:30:00Z`,
 * for sitemaps and feeds.
 */
export function isoDateTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

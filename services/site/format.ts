/**
 * Localized labels, numbers and dates for the site's two languages.
 *
 * Arabic uses Western (Latin) digits everywhere on the site: Saudi government portals and job
 * boards show Western digits in Arabic interfaces, the API's Arabic error messages already
 * interpolate them, and a salary or date then reads the same in both languages. Every Arabic
 * number and date must come from this module so that choice stays in one place.
 * @module
 */
import type { EmploymentType } from "@hire/jobs";
import type { Lang, SiteJob } from "./site_job.ts";

/** The time zone every displayed date is in: all of Saudi Arabia, no daylight saving. */
export const SITE_TIME_ZONE = "Asia/Riyadh";

// `nu-latn` pins Western digits (see the module comment); `ca-gregory` pins the Gregorian
// calendar, because depending on the CLDR version `ar-SA` defaults to the Islamic one.
const NUMBER_LOCALE: Record<Lang, string> = { en: "en", ar: "ar-SA-u-nu-latn" };
// en-GB rather than en-SA: CLDR gives en-SA the US month-first order, while Saudi readers
// write day, month, year in both languages.
const DATE_LOCALE: Record<Lang, string> = {
  en: "en-GB-u-ca-gregory-nu-latn",
  ar: "ar-SA-u-ca-gregory-nu-latn",
};

// Intl formatters are costly to build and a listing page formats hundreds of values.
const numberFormats: Record<Lang, Intl.NumberFormat> = {
  en: new Intl.NumberFormat(NUMBER_LOCALE.en, { maximumFractionDigits: 0 }),
  ar: new Intl.NumberFormat(NUMBER_LOCALE.ar, { maximumFractionDigits: 0 }),
};
const dateFormats: Record<Lang, Intl.DateTimeFormat> = {
  en: postedDateFormat(DATE_LOCALE.en),
  ar: postedDateFormat(DATE_LOCALE.ar),
};
const isoParts = new Intl.DateTimeFormat("en-US-u-ca-gregory-nu-latn", {
  timeZone: SITE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

function postedDateFormat(locale: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, {
    timeZone: SITE_TIME_ZONE,
    day: "numeric",
    month: "long",
    year: "numeric",
  });
}

/** A whole number with the language's grouping, e.g. `9,000` (Western digits in Arabic too). */
export function formatNumber(n: number, lang: Lang): string {
  return numberFormats[lang].format(n);
}

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

/**
 * A date as shown on a job, Gregorian in both languages, on the Riyadh calendar day:
 * "24 November 2026" / "24 نوفمبر 2026".
 */
export function formatPostedDate(date: Date, lang: Lang): string {
  return dateFormats[lang].format(date);
}

/**
 * The Riyadh calendar day as `YYYY-MM-DD`, for `<time datetime>` and JSON-LD `datePosted`;
 * it names the same day as {@linkcode formatPostedDate}, which a UTC date would not after
 * 21:00 UTC.
 */
export function isoDate(date: Date): string {
  const parts = isoParts.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/**
 * An instant as RFC 3339 / W3C datetime in UTC to the second, e.g. `2026-11-24T22:30:00Z`,
 * for sitemaps and feeds.
 */
export function isoDateTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * The two interface languages of every page the service serves (the public site and the
 * console), their direction, and how numbers and dates read in each.
 *
 * Arabic uses Western (Latin) digits everywhere: Saudi government portals and job boards show
 * Western digits in Arabic interfaces, the API's Arabic error messages already interpolate
 * them, and a salary, a count or a date then reads the same in both languages. Month names,
 * grouping and word order follow the language. Every number and date a page shows comes from
 * this module so that choice stays in one place.
 * @module
 */

/** An interface language. */
export type Lang = "en" | "ar";

/** Every interface language, the default first. */
export const LANGS: readonly Lang[] = ["en", "ar"];

/** Whether `value` names an interface language. */
export function isLang(value: unknown): value is Lang {
  return value === "en" || value === "ar";
}

/** The writing direction of a language. */
export function direction(lang: Lang): "ltr" | "rtl" {
  return lang === "ar" ? "rtl" : "ltr";
}

/** The time zone every displayed date is in: all of Saudi Arabia, no daylight saving. */
export const TIME_ZONE = "Asia/Riyadh";

// `nu-latn` pins Western digits (see the module comment); `ca-gregory` pins the Gregorian
// calendar, because depending on the CLDR version `ar-SA` defaults to the Islamic one.
// en-GB rather than en-SA: CLDR gives en-SA the US month-first order, while Saudi readers
// write day, month, year in both languages.
const NUMBER_LOCALE: Record<Lang, string> = { en: "en", ar: "ar-SA-u-nu-latn" };
const DATE_LOCALE: Record<Lang, string> = {
  en: "en-GB-u-ca-gregory-nu-latn",
  ar: "ar-SA-u-ca-gregory-nu-latn",
};

// Intl formatters are costly to build and a listing page formats hundreds of values.
const perLang = <T>(make: (lang: Lang) => T): Record<Lang, T> => ({
  en: make("en"),
  ar: make("ar"),
});
const numberFormats = perLang((l) =>
  new Intl.NumberFormat(NUMBER_LOCALE[l], { maximumFractionDigits: 0 })
);
const dateFormats = perLang((l) =>
  new Intl.DateTimeFormat(DATE_LOCALE[l], {
    timeZone: TIME_ZONE,
    day: "numeric",
    month: "long",
    year: "numeric",
  })
);
const dateTimeFormats = perLang((l) =>
  new Intl.DateTimeFormat(DATE_LOCALE[l], {
    timeZone: TIME_ZONE,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  })
);
const isoParts = new Intl.DateTimeFormat("en-US-u-ca-gregory-nu-latn", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** A whole number with the language's grouping, e.g. `9,000` (Western digits in Arabic too). */
export function formatNumber(n: number, lang: Lang): string {
  return numberFormats[lang].format(n);
}

/** A Riyadh calendar day, Gregorian in both languages: "24 November 2026" / "24 نوفمبر 2026". */
export function formatDate(date: Date, lang: Lang): string {
  return dateFormats[lang].format(date);
}

/** An instant to the second in Riyadh time: "24 Nov 2026, 14:05:09" and its Arabic form. */
export function formatDateTime(date: Date, lang: Lang): string {
  return dateTimeFormats[lang].format(date);
}

/**
 * The Riyadh calendar day as `YYYY-MM-DD`, for `<time datetime>` and JSON-LD; it names the
 * same day as {@linkcode formatDate}, which a UTC date would not after 21:00 UTC.
 */
export function isoDate(date: Date): string {
  const parts = isoParts.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/**
 * How a synthetic seeker words their headline and summary, in English or Arabic. Several
 * templates per language, so seekers of one occupation do not share one sentence and
 * matching has to rely on meaning rather than on identical wording.
 * @module
 */
import type { EmploymentType } from "@hire/jobs";
import type { WeightedCity } from "./city_weights.ts";
import type { Occupation } from "./occupation.ts";
import type { Random } from "./prng.ts";

/** The language a seeker writes their profile in. */
export type Language = "en" | "ar";

/** What a seeker writes about, drawn before the words. */
export interface Persona {
  occupation: Occupation;
  language: Language;
  /** Chooses the Arabic title's gender; English titles have none. */
  female: boolean;
  /** Years of experience; 0 is a fresh graduate. */
  years: number;
  /** Skills in the seeker's language, most prominent first (at least two). */
  skills: string[];
  city: WeightedCity;
  employmentTypes: EmploymentType[];
}

/** Skills any occupation may add, per language. */
export const GENERAL_SKILLS: Record<Language, readonly string[]> = {
  en: ["Communication", "Teamwork", "Time management", "Problem solving", "Microsoft Office"],
  ar: ["مهارات التواصل", "العمل الجماعي", "إدارة الوقت", "حل المشكلات", "مايكروسوفت أوفيس"],
};

/** The headline: a title, sometimes with experience or the main skills. */
export function writeHeadline(p: Persona, rnd: Random): string {
  const [s0, s1] = p.skills;
  if (p.language === "ar") {
    const title = arTitle(p);
    if (p.years === 0) return rnd.pick([title, `${title} ${p.female ? "حديثة" : "حديث"} التخرج`]);
    return rnd.pick([title, `${title} بخبرة ${arYears(p.years)}`, `${title} | ${s0}`]);
  }
  const title = p.occupation.en.title;
  if (p.years === 0) return rnd.pick([`Junior ${title}`, `${title} (fresh graduate)`]);
  return rnd.pick([
    title,
    `${title} | ${enYears(p.years)} of experience`,
    `${title} – ${s0} and ${s1}`,
    ...(p.years >= 8 ? [`Senior ${title}`] : []),
  ]);
}

/** The summary: experience, duties, skills, then one or two closing remarks. */
export function writeSummary(p: Persona, rnd: Random): string {
  const text = p.language === "ar" ? p.occupation.ar : p.occupation.en;
  const [d0, d1, d2] = rnd.sample(text.duties, 3);
  const top = p.skills.slice(0, 3);
  const closings = rnd.sample(p.language === "ar" ? arClosings(p) : enClosings(p), rnd.int(1, 2));
  if (p.language === "ar") {
    const years = arYears(p.years);
    const body = p.years === 0
      ? `أبحث عن فرصتي الأولى في مجال ${text.field}، وقد تدربت على ${arList([d0!, d1!])}.`
      : rnd.pick([
        `لدي خبرة ${years} في مجال ${text.field}، وتشمل مهامي ${arList([d0!, d1!, d2!])}.`,
        `أعمل في مجال ${text.field} منذ ${years}. من أبرز مهامي ${arList([d0!, d1!])}، ` +
        `وأتقن ${arList(top)}.`,
        `${arTitle(p)} بخبرة ${years}. أجيد ${arList([d0!, d1!])}.`,
      ]);
    return [body, ...closings].join(" ");
  }
  const title = p.occupation.en.title;
  const years = enYears(p.years);
  const body = p.years === 0
    ? `Recent graduate looking for a first role in ${text.field}. ` +
      `During my training I learned to ${d0} and ${d1}.`
    : rnd.pick([
      `${title} with ${years} of experience in ${text.field}. ` +
      `Day to day I ${enList([d0!, d1!, d2!])}.`,
      `I have worked in ${text.field} for ${years}. In my current role I ${d0} and ${d1}. ` +
      `Strong in ${enList(top)}.`,
      `Dedicated ${title} (${years} of experience). I ${d0} and ${d1}, ` +
      `and I am comfortable with ${enList(top.slice(0, 2))}.`,
    ]);
  return [body, ...closings].join(" ");
}

const EN_TYPES: Record<EmploymentType, string> = {
  full_time: "full-time",
  part_time: "part-time",
  contract: "contract",
  internship: "internship",
};

function enClosings(p: Persona): string[] {
  const types = p.employmentTypes.map((t) => EN_TYPES[t]);
  return [
    `Looking for ${article(types[0]!)} ${types.join(" or ")} role in ${p.city.city}.`,
    `Based in ${p.city.city} and available to start immediately.`,
    "Fluent in Arabic and English.",
    "Willing to relocate within the Kingdom.",
  ];
}

const enYears = (n: number) => (n === 1 ? "1 year" : `${n} years`);
const article = (word: string) => (/^(?:[aeiou]|hr\b)/i.test(word) ? "an" : "a");
// The serial comma keeps three duties apart when a duty itself contains "and".
const enList = (items: readonly string[]) =>
  items.length < 3 ? items.join(" and ") : `${items.slice(0, -1).join(", ")}, and ${items.at(-1)}`;

const AR_WORK_TYPES: Partial<Record<EmploymentType, string>> = {
  full_time: "بدوام كامل",
  part_time: "بدوام جزئي",
  contract: "بنظام العقد",
};

function arClosings(p: Persona): string[] {
  // "فرصة عمل" takes the work types; an internship is its own kind of opportunity.
  const work = p.employmentTypes.flatMap((t) => AR_WORK_TYPES[t] ?? []);
  const wanted = [
    ...(work.length ? [`فرصة عمل ${work.join(" أو ")}`] : []),
    ...(p.employmentTypes.includes("internship") ? ["فرصة تدريب تعاوني"] : []),
  ];
  return [
    `أبحث عن ${wanted.join(" أو ")} في ${p.city.ar}.`,
    `أسكن في ${p.city.ar} ويمكنني البدء فورًا.`,
    "أتحدث العربية والإنجليزية بطلاقة.",
    "لدي استعداد للانتقال إلى مدن أخرى داخل المملكة.",
  ];
}

const arTitle = (p: Persona) => (p.female ? p.occupation.ar.titleF : p.occupation.ar.title);

// Arabic counts agree with the number: one and two have their own forms, 3–10 take the
// plural, 11 and above the singular.
function arYears(n: number): string {
  if (n === 1) return "سنة واحدة";
  if (n === 2) return "سنتين";
  return n <= 10 ? `${n} سنوات` : `${n} سنة`;
}

// "أ وب" and "أ، وب، وج": the conjunction is written joined to the word after it.
const arList = (items: readonly string[]) => items.join(items.length < 3 ? " و" : "، و");

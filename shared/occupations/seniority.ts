/**
 * Seniority: how far along its ladder a job asks for or a person has come. Four levels are
 * as fine as ads and CVs are consistent: a "junior" in one company is a "specialist" in the
 * next, and most ads say nothing.
 * @module
 */

/** 0 trainee or fresh graduate, 1 junior, 2 experienced (also: not stated), 3 senior/lead/head. */
export type SeniorityLevel = 0 | 1 | 2 | 3;

/** What an ad or CV that says nothing about seniority is taken to mean. */
export const DEFAULT_SENIORITY: SeniorityLevel = 2;

/**
 * Words of a title that place it on the ladder. Rank names that only one occupation uses
 * ("commis", "chef de partie") are here too: the vocabulary lists them as that
 * occupation's titles, and this list gives their rank.
 */
export const SENIORITY_TERMS: readonly { level: SeniorityLevel; en: string[]; ar: string[] }[] = [
  {
    level: 0,
    en: [
      "trainee",
      "intern",
      "internship",
      "apprentice",
      "graduate",
      "fresh graduate",
      "entry level",
    ],
    ar: [
      "متدرب",
      "متدربة",
      "تدريب تعاوني",
      "حديث التخرج",
      "حديثة التخرج",
      "حديثي التخرج",
      "خريج",
      "خريجة",
    ],
  },
  {
    level: 1,
    en: ["junior", "jr", "assistant", "commis", "demi chef", "associate"],
    ar: ["مبتدئ", "مبتدئة", "مساعد", "مساعدة", "جونيور"],
  },
  {
    level: 2,
    en: ["chef de partie", "mid level", "experienced", "specialist"],
    ar: ["ذو خبرة", "متمرس"],
  },
  {
    level: 3,
    en: [
      "senior",
      "sr",
      "lead",
      "team lead",
      "team leader",
      "head",
      "chief",
      "principal",
      "supervisor",
      "sous chef",
      "executive chef",
      "charge",
      "manager",
    ],
    ar: ["أول", "أولى", "كبير", "كبيرة", "رئيس", "رئيسة", "قائد فريق", "مشرف", "مشرفة", "سينيور"],
  },
];

/** The level years of experience suggest: 0 none, 1–2 junior, 3–7 experienced, 8+ senior. */
export function levelFromYears(years: number): SeniorityLevel {
  if (years < 1) return 0;
  if (years < 3) return 1;
  if (years < 8) return 2;
  return 3;
}

// "5 years", "5+ yrs", "٥ سنوات", "خبرة 10 سنة", "15 عاما" (digits are ASCII after normalising).
const YEARS = /(\d{1,2})\s*\+?\s*(?:years?|yrs?|سنوات|سنه|سنين|عام|عاما|اعوام)(?![\p{L}])/u;
const TWO_YEARS = /(?:^|[^\p{L}])(?:سنتين|سنتان|عامين)(?![\p{L}])/u;

/** The first number of years of experience a normalised text states, if any. */
export function statedYears(normalised: string): number | undefined {
  const m = YEARS.exec(normalised);
  const n = m ? Number(m[1]) : undefined;
  if (n !== undefined && n <= 50) return n;
  return TWO_YEARS.test(normalised) ? 2 : undefined;
}

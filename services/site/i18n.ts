/**
 * The site's interface text in English and Arabic. Partner text (titles, descriptions,
 * names) is never translated: it is shown as written, in blocks of its own direction.
 * @module
 */
import type { Lang } from "./site_job.ts";

const en = {
  siteName: "HirePlatform Jobs",
  tagline: "Jobs in Saudi Arabia",
  otherLanguage: "العربية",
  feedTitle: "Jobs in Saudi Arabia",
  feedDescription: "The newest jobs posted by employers and recruiters across Saudi Arabia.",
  searchLabel: "Search",
  searchPlaceholder: "Job title or keyword",
  cityLabel: "City",
  anyCity: "Any city",
  typeLabel: "Employment type",
  anyType: "Any type",
  searchButton: "Search",
  clearFilters: "Clear filters",
  noJobs: "No jobs match these filters yet.",
  nextPage: "Next page",
  firstPage: "Newest jobs",
  postedOn: "Posted",
  employer: "Employer",
  salary: "Salary",
  salaryNotGiven: "Not stated",
  location: "Location",
  backToJobs: "All jobs",
  pausedNotice: "This job is not accepting applications at the moment.",
  closedNotice: "This job is closed and no longer accepts applications.",
  description: "Job description",
  feeds: "Subscribe",
  notFoundTitle: "Job not found",
  notFoundText: "There is no job at this address. It may have been mistyped.",
  goneTitle: "This job has been removed",
  goneText: "The employer removed this job. It no longer accepts applications.",
  badRequestTitle: "This link does not work",
  badRequestText: "Some of the search options in this address are not valid:",
  tooManyTitle: "Too many requests",
  tooManyText: "You have opened many pages in a short time. Please wait a moment and try again.",
  methodTitle: "This page cannot do that",
  methodText: "The site's pages can only be opened, not sent to. Open the page instead.",
  errorTitle: "Something went wrong",
  errorText: "We could not show this page. Please try again in a moment.",
  unavailableTitle: "Temporarily unavailable",
  unavailableText: "The site is busy or under maintenance. Please try again in a moment.",
  invalidCity: "the city is not one we know",
  invalidType: "the employment type is not one we know",
  invalidQuery: "the search is too long",
  invalidCursor: "the page link is broken",
};

type Messages = typeof en;

const ar: Messages = {
  siteName: "وظائف HirePlatform",
  tagline: "وظائف في المملكة العربية السعودية",
  otherLanguage: "English",
  feedTitle: "وظائف في المملكة العربية السعودية",
  feedDescription: "أحدث الوظائف التي ينشرها أصحاب العمل وجهات التوظيف في أنحاء المملكة.",
  searchLabel: "بحث",
  searchPlaceholder: "المسمى الوظيفي أو كلمة مفتاحية",
  cityLabel: "المدينة",
  anyCity: "كل المدن",
  typeLabel: "نوع الوظيفة",
  anyType: "كل الأنواع",
  searchButton: "ابحث",
  clearFilters: "إزالة عوامل التصفية",
  noJobs: "لا توجد وظائف تطابق هذه الخيارات حتى الآن.",
  nextPage: "الصفحة التالية",
  firstPage: "أحدث الوظائف",
  postedOn: "تاريخ النشر",
  employer: "جهة العمل",
  salary: "الراتب",
  salaryNotGiven: "غير محدد",
  location: "الموقع",
  backToJobs: "كل الوظائف",
  pausedNotice: "هذه الوظيفة لا تستقبل طلبات في الوقت الحالي.",
  closedNotice: "هذه الوظيفة مغلقة ولم تعد تستقبل طلبات.",
  description: "وصف الوظيفة",
  feeds: "اشترك",
  notFoundTitle: "الوظيفة غير موجودة",
  notFoundText: "لا توجد وظيفة على هذا العنوان، ربما كُتب بشكل خاطئ.",
  goneTitle: "أُزيلت هذه الوظيفة",
  goneText: "أزال صاحب العمل هذه الوظيفة، ولم تعد تستقبل طلبات.",
  badRequestTitle: "هذا الرابط لا يعمل",
  badRequestText: "بعض خيارات البحث في هذا العنوان غير صالحة:",
  tooManyTitle: "طلبات كثيرة جدًا",
  tooManyText: "فتحت صفحات كثيرة في وقت قصير. يُرجى الانتظار قليلًا ثم المحاولة مرة أخرى.",
  methodTitle: "لا تدعم هذه الصفحة هذا الطلب",
  methodText: "صفحات الموقع للعرض فقط ولا تستقبل بيانات. افتح الصفحة بدلًا من ذلك.",
  errorTitle: "حدث خطأ",
  errorText: "تعذّر عرض هذه الصفحة. يُرجى المحاولة مرة أخرى بعد قليل.",
  unavailableTitle: "الخدمة غير متاحة مؤقتًا",
  unavailableText: "الموقع مشغول أو تحت الصيانة. يُرجى المحاولة مرة أخرى بعد قليل.",
  invalidCity: "المدينة غير معروفة لدينا",
  invalidType: "نوع الوظيفة غير معروف",
  invalidQuery: "نص البحث طويل جدًا",
  invalidCursor: "رابط الصفحة غير صالح",
};

/** Interface text of one language. */
export type Text = Readonly<Messages>;

const TEXT: Record<Lang, Text> = { en, ar };

/** The interface text of `lang`. */
export function text(lang: Lang): Text {
  return TEXT[lang];
}

export { direction, LANGS } from "@hire/pages";

/** Text of the overview page: the plan, its limits, this minute's and month's usage. */
import { bilingual } from "../i18n.ts";

/** The overview page. */
export const overviewText = bilingual({
  title: "Overview",
  planTitle: "Your plan",
  planIs: "Plan",
  requestsPerMinute: "API requests per minute",
  jobsPerMonth: "New jobs per calendar month (UTC)",
  webhooksAndBulk: "Webhooks and bulk create",
  included: "Included",
  notIncluded: "Not included on this plan",
  usageTitle: "Usage",
  requestsNow: "API requests this minute",
  jobsThisMonth: "Jobs created this month",
  of: (used: string, limit: string) => `${used} of ${limit}`,
  percent: (p: string) => `${p}%`,
  requestsNote: "Counted as the API grants them to its servers, a few at a time, so this can run " +
    "slightly ahead of the requests actually made. The count starts afresh every minute.",
  monthResets: (at: string) =>
    `The monthly count starts afresh on ${at} (the first of the month, UTC). Jobs deleted ` +
    "later still count.",
  chartTitle: "Jobs created per day, last 30 days",
  chartSummary: (total: string, from: string, to: string) =>
    `${total} jobs created from ${from} to ${to}.`,
  chartNote: "Riyadh calendar days, counted from your jobs' creation times. Jobs deleted since " +
    "are included.",
  chartLabel: (from: string, to: string) =>
    `Bar chart of jobs created per day from ${from} to ${to}`,
  barTitle: (day: string, n: string) => `${day}: ${n}`,
  chartTable: "The figures as a table",
  day: "Day",
  created: "Jobs created",
  linksTitle: "Next steps",
  keysLink: "Create and roll API keys",
  webhooksLink: "Register webhooks and watch their deliveries",
  jobsLink: "See your jobs",
  apiReference: "API reference",
}, {
  title: "نظرة عامة",
  planTitle: "باقتك",
  planIs: "الباقة",
  requestsPerMinute: "طلبات API في الدقيقة",
  jobsPerMonth: "الوظائف الجديدة في الشهر الميلادي (بتوقيت UTC)",
  webhooksAndBulk: "خطافات الويب والإنشاء الجماعي",
  included: "مشمولة",
  notIncluded: "غير مشمولة في هذه الباقة",
  usageTitle: "الاستخدام",
  requestsNow: "طلبات API في هذه الدقيقة",
  jobsThisMonth: "الوظائف المنشأة هذا الشهر",
  of: (used: string, limit: string) => `${used} من ${limit}`,
  percent: (p: string) => `${p}٪`,
  requestsNote: "تُحتسب الطلبات عند منحها لخوادم الواجهة على دفعات صغيرة، لذا قد يسبق العدد " +
    "الطلبات الفعلية بقليل. ويبدأ العدّ من جديد كل دقيقة.",
  monthResets: (at: string) =>
    `يبدأ العدّ الشهري من جديد في ${at} (أول الشهر بتوقيت UTC). وتبقى الوظائف المحذوفة لاحقًا ` +
    "محتسبة.",
  chartTitle: "الوظائف المنشأة يوميًا خلال آخر 30 يومًا",
  chartSummary: (total: string, from: string, to: string) =>
    `أُنشئت ${total} وظيفة من ${from} إلى ${to}.`,
  chartNote: "أيام تقويمية بتوقيت الرياض، محسوبة من أوقات إنشاء وظائفك، وتشمل الوظائف التي " +
    "حُذفت بعد ذلك.",
  chartLabel: (from: string, to: string) => `مخطط أعمدة للوظائف المنشأة يوميًا من ${from} إلى ${to}`,
  barTitle: (day: string, n: string) => `${day}: ${n}`,
  chartTable: "الأرقام في جدول",
  day: "اليوم",
  created: "الوظائف المنشأة",
  linksTitle: "الخطوات التالية",
  keysLink: "أنشئ مفاتيح API وجدّدها",
  webhooksLink: "سجّل خطافات الويب وتابع عمليات التسليم",
  jobsLink: "اطّلع على وظائفك",
  apiReference: "مرجع API",
});

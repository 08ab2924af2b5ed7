/** Text of the jobs list. */
import type { EmbeddingStatus } from "@hire/jobs";
import { bilingual } from "../i18n.ts";
import type { JobsFilter } from "../jobs_query.ts";

/** The jobs page. */
export const jobsText = bilingual({
  title: "Jobs",
  intro: "Your jobs as the API holds them, newest first. This list is read-only: jobs are " +
    "created, changed and deleted through the API.",
  filterLabel: "Show",
  allJobs: "All jobs (not deleted)",
  filter: "Apply",
  job: "Job",
  status: "Status",
  embedding: "Embedding",
  matchReady: "Match-ready",
  matches: "Matches so far",
  created: "Created",
  updated: "Updated",
  publicPage: "Public page",
  view: "View",
  viewTitle: (title: string) => `The public page of ${title}`,
  yes: "Yes",
  no: "No",
  deletedAt: "Deleted",
  deletedNote: "Deleted jobs stay listed here for 30 days after their deletion, then are " +
    "removed for good. The public site no longer shows them.",
  empty: "No jobs yet. Create one with the API (POST /v1/partner/jobs).",
  emptyFiltered: "No jobs match this filter.",
  apiReference: "API reference",
}, {
  title: "الوظائف",
  intro: "وظائفك كما تحفظها الواجهة، الأحدث أولًا. هذه القائمة للاطلاع فقط: تُنشأ الوظائف " +
    "وتُعدَّل وتُحذف عبر واجهة API.",
  filterLabel: "عرض",
  allJobs: "كل الوظائف (غير المحذوفة)",
  filter: "تطبيق",
  job: "الوظيفة",
  status: "الحالة",
  embedding: "التضمين",
  matchReady: "جاهزة للمطابقة",
  matches: "المطابقات حتى الآن",
  created: "أُنشئت",
  updated: "حُدّثت",
  publicPage: "الصفحة العامة",
  view: "عرض",
  viewTitle: (title: string) => `الصفحة العامة لوظيفة ${title}`,
  yes: "نعم",
  no: "لا",
  deletedAt: "حُذفت",
  deletedNote: "تبقى الوظائف المحذوفة في هذه القائمة 30 يومًا من حذفها ثم تُزال نهائيًا. ولم " +
    "يعد الموقع العام يعرضها.",
  empty: "لا توجد وظائف بعد. أنشئ وظيفة عبر واجهة API (POST /v1/partner/jobs).",
  emptyFiltered: "لا توجد وظائف تطابق هذا الاختيار.",
  apiReference: "مرجع API",
});

/** The list's filters as people read them. */
export const filterNames = bilingual<Record<JobsFilter, string>>({
  active: "Active",
  paused: "Paused",
  closed: "Closed",
  deleted: "Deleted",
}, {
  active: "نشطة",
  paused: "موقوفة مؤقتًا",
  closed: "مغلقة",
  deleted: "محذوفة",
});

/** Embedding states as people read them. */
export const embeddingNames = bilingual<Record<EmbeddingStatus, string>>({
  processing: "Processing",
  ready: "Ready",
  failed: "Failed",
}, {
  processing: "قيد المعالجة",
  ready: "جاهز",
  failed: "فشل",
});

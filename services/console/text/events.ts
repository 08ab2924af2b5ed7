/**
 * Text of the event catalogue. Code (field names, values, headers) is written between
 * backticks and shown as left-to-right code (views/events_inline_code.tsx).
 */
import type { EventType } from "@hire/jobs";
import { bilingual } from "../i18n.ts";

/** The page's frame and the signing section. */
export const eventsText = bilingual({
  title: "Event catalogue",
  intro: "The events the API sends to your webhooks. Each delivery is an HTTPS `POST` whose " +
    "JSON body is an event envelope: `id`, `type`, `created_at`, and `data`, which depends on " +
    "the type.",
  dedupe: (deliveryHeader: string) =>
    "Delivery is at least once: a retry carries the same event `id` in its body and a new " +
    `\`${deliveryHeader}\`. Deduplicate on the event's \`id\`.`,
  contents: "Event types",
  whenSent: "When it is sent",
  example: "Example body",
  signingTitle: "How deliveries are signed",
  signingIntro: (signatureHeader: string) =>
    `Every delivery carries \`${signatureHeader}: t=<timestamp>,v1=<signature>\`, signed with ` +
    "the secret your webhook was given when it was registered (or its secret was rotated). " +
    "To check a delivery:",
  stepBody: "Read the request body as received, before parsing it: the signature covers those " +
    "exact bytes.",
  stepParse: (signatureHeader: string) =>
    `Take \`t\` and every \`v1\` value from \`${signatureHeader}\`.`,
  stepHmac: "Compute the HMAC-SHA256 of `<t>.<body>` (the timestamp, a dot, the raw body), " +
    "keyed with the webhook's whole `whsec_…` secret, as lowercase hex.",
  stepCompare: (minutes: number) =>
    "Accept the delivery when one of the `v1` values equals it, compared in constant time, " +
    `and \`t\` is within ${minutes} minutes of your clock.`,
  rotation: (hours: number) =>
    `For ${hours} hours after a webhook's secret is rotated, the header carries two \`v1\` ` +
    "values, the new secret's first: accepting any match keeps deliveries working while you " +
    "switch secrets.",
  headersTitle: "Delivery headers",
  header: "Header",
  meaning: "Meaning",
  signatureHeader: "`t=<timestamp>,v1=<signature>`; two `v1` values during a secret rotation.",
  timestampHeader: "The signing time in seconds since 1970 (UTC): the same as `t`.",
  deliveryIdHeader: "`dlv_…`, new for every attempt, retries included: log it.",
  eventHeader: "The event type, such as `job.created`.",
  answer: "Answer with a 2xx status quickly and do the work afterwards: any other answer, or " +
    "none, fails the attempt, and the delivery is retried later.",
  referenceTitle: "API reference",
  reference: "The API reference describes every field of these events, the delivery headers, " +
    "the retry schedule and the delivery log.",
  referenceLink: "Open the API reference",
  openApiLink: "OpenAPI document (JSON)",
}, {
  title: "دليل الأحداث",
  intro: "الأحداث التي ترسلها واجهة API إلى خطافات الويب لديك. كل تسليم طلب `POST` عبر HTTPS " +
    "جسمه بصيغة JSON هو غلاف الحدث: `id` و`type` و`created_at` و`data` الذي يختلف باختلاف " +
    "نوع الحدث.",
  dedupe: (deliveryHeader: string) =>
    "يُسلَّم كل حدث مرة واحدة على الأقل: تحمل إعادة المحاولة قيمة `id` نفسها للحدث في الجسم " +
    `وقيمة جديدة للترويسة \`${deliveryHeader}\`. استبعد المكرر بالاعتماد على \`id\` الحدث.`,
  contents: "أنواع الأحداث",
  whenSent: "متى يُرسَل",
  example: "مثال على الجسم",
  signingTitle: "كيف تُوقَّع التسليمات",
  signingIntro: (signatureHeader: string) =>
    `يحمل كل تسليم الترويسة \`${signatureHeader}: t=<timestamp>,v1=<signature>\`، موقّعة ` +
    "بالسر الذي أُعطي لخطاف الويب عند تسجيله (أو عند تدوير سره). للتحقق من التسليم:",
  stepBody: "اقرأ جسم الطلب كما وصل قبل تحليله: التوقيع محسوب على هذه البايتات نفسها.",
  stepParse: (signatureHeader: string) =>
    `خذ \`t\` وكل قيم \`v1\` من الترويسة \`${signatureHeader}\`.`,
  stepHmac: "احسب HMAC-SHA256 للنص `<t>.<body>` (الطابع الزمني ثم نقطة ثم الجسم كما وصل) " +
    "بمفتاح هو سر خطاف الويب كاملًا `whsec_…`، بالصيغة الست عشرية وبأحرف صغيرة.",
  stepCompare: (minutes: number) =>
    "اقبل التسليم إذا ساوت إحدى قيم `v1` الناتج، مع المقارنة في زمن ثابت، وكان `t` في حدود " +
    `${minutes} دقائق من ساعتك.`,
  rotation: (hours: number) =>
    `خلال ${hours} ساعة بعد تدوير سر خطاف الويب تحمل الترويسة قيمتين لـ \`v1\`، أولاهما ` +
    "للسر الجديد: قبول أي تطابق يُبقي التسليمات عاملة ريثما تنتقل إلى السر الجديد.",
  headersTitle: "ترويسات التسليم",
  header: "الترويسة",
  meaning: "المعنى",
  signatureHeader: "`t=<timestamp>,v1=<signature>`، وقيمتان لـ `v1` أثناء تدوير السر.",
  timestampHeader: "وقت التوقيع بالثواني منذ عام 1970 (UTC)، وهو نفسه `t`.",
  deliveryIdHeader: "`dlv_…`، جديد في كل محاولة بما فيها إعادات المحاولة: احفظه في سجلاتك.",
  eventHeader: "نوع الحدث، مثل `job.created`.",
  answer: "أجب بحالة 2xx سريعًا ثم أنجز العمل بعد ذلك: أي إجابة أخرى، أو عدم الإجابة، تُفشل " +
    "المحاولة ويُعاد التسليم لاحقًا.",
  referenceTitle: "مرجع واجهة API",
  reference: "يصف مرجع واجهة API كل حقل في هذه الأحداث، وترويسات التسليم، وجدول إعادة المحاولة، " +
    "وسجل التسليمات.",
  referenceLink: "افتح مرجع واجهة API",
  openApiLink: "مستند OpenAPI بصيغة JSON",
});

/** What each event type announces. */
export const eventDescriptions = bilingual<Record<EventType, string>>({
  "job.created": "A job you created has been processed and can now be matched with job seekers.",
  "job.matched": "A job seeker matched the job with high confidence.",
  "job.updated": "A job's title, description or status changed.",
  "job.deleted": "A job was deleted.",
}, {
  "job.created": "عولجت وظيفة أنشأتها وأصبح بالإمكان مطابقتها مع الباحثين عن عمل.",
  "job.matched": "تطابق باحث عن عمل مع الوظيفة بدرجة ثقة عالية.",
  "job.updated": "تغيّر عنوان الوظيفة أو وصفها أو حالتها.",
  "job.deleted": "حُذفت وظيفة.",
});

/** When each event type is sent. */
export const eventWhen = bilingual<Record<EventType, string>>({
  "job.created": "Once per job, seconds after you create it, when its first processing " +
    "finishes (`embedding_status` is `ready`). Creating a job sends nothing at once. A job you " +
    "paused or closed before then carries its `status` and `match_ready: false`.",
  "job.matched": "When a seeker in the job's city, looking for its employment type, is close " +
    "enough to an active job: `score`, from 0 to 1, reached the service's threshold. Each job " +
    "and seeker pair is announced once, ever.",
  "job.updated": "When an update changes the `title`, `description` or `status`. " +
    "`changed_fields` lists every field the update changed, other fields included, and " +
    "`previous_attributes` their earlier values. An update that changes only other fields (a " +
    "salary, say) sends no event: the job's next event shows them.",
  "job.deleted": "When you delete the job. It is the job's last event: no `job.matched` " +
    "follows it.",
}, {
  "job.created": "مرة واحدة لكل وظيفة، بعد ثوانٍ من إنشائها، عند اكتمال أول معالجة لها " +
    "(قيمة `embedding_status` هي `ready`). لا يُرسَل شيء لحظة الإنشاء. وإن أوقفت الوظيفة " +
    "مؤقتًا أو أغلقتها قبل ذلك حمل الحدث حالتها في `status` مع `match_ready: false`.",
  "job.matched": "عندما يكون باحث عن عمل في مدينة الوظيفة، ويبحث عن نوع توظيفها، قريبًا بما " +
    "يكفي من وظيفة نشطة: بلغت `score` (من 0 إلى 1) الحد الذي تعتمده الخدمة. يُعلَن عن كل زوج " +
    "من وظيفة وباحث مرة واحدة فقط.",
  "job.updated": "عند تحديث يغيّر `title` أو `description` أو `status`. تسرد `changed_fields` " +
    "كل حقل غيّره التحديث بما فيها الحقول الأخرى، وتحمل `previous_attributes` قيمها السابقة. " +
    "أما التحديث الذي لا يغيّر إلا حقولًا أخرى (كالراتب) فلا يُرسل حدثًا، وتظهر تلك الحقول في " +
    "الحدث التالي للوظيفة.",
  "job.deleted": "عند حذفك الوظيفة، وهو آخر أحداثها: لا يتبعه `job.matched`.",
});

/**
 * A caption for each example of the catalogue, by its name in the AsyncAPI document (a test
 * checks that every declared example has one).
 */
export const exampleCaptions = bilingual({
  jobCreated: "A full-time job in Riyadh became ready for matching.",
  titleAndSalaryChanged: "The title changed together with the maximum salary; the job is " +
    "processed again.",
  paused: "The job was paused: it is no longer matched.",
  jobDeleted: "The job was deleted.",
  jobMatched: "A seeker matched the job with a score of 0.71.",
}, {
  jobCreated: "أصبحت وظيفة بدوام كامل في الرياض جاهزة للمطابقة.",
  titleAndSalaryChanged: "تغيّر العنوان مع الحد الأعلى للراتب، وتُعالَج الوظيفة من جديد.",
  paused: "أُوقفت الوظيفة مؤقتًا فلم تعد تُطابَق.",
  jobDeleted: "حُذفت الوظيفة.",
  jobMatched: "تطابق باحث مع الوظيفة بدرجة 0.71.",
});

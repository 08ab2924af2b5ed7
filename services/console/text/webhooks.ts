/** Text of the webhooks pages: the list, one webhook, its deliveries and one delivery. */
import type { DeliveryOutcome, DeliveryTrigger } from "@hire/webhooks";
import { bilingual } from "../i18n.ts";

/** The pages' text. */
export const webhooksText = bilingual({
  title: "Webhooks",
  intro: (max: string) =>
    "A webhook sends your system a signed HTTPS POST as soon as something happens to your " +
    `jobs. Your organisation can register up to ${max}.`,
  readOnly: "Your role lets you view webhooks, not change them.",
  none: "No webhooks yet.",
  url: "URL",
  events: "Events",
  state: "State",
  created: "Created",
  updated: "Last changed",
  failures: "Failures in a row",
  open: "Open",
  // The plan gate.
  gateTitle: "Webhooks are not in your plan",
  gateText: "On the Sandbox plan no webhooks are sent. On the Growth and Scale plans your " +
    "systems hear at once when a job is created, matched, changed or deleted. Contact us to " +
    "change your plan.",
  // Registering and editing.
  registerTitle: "Register a webhook",
  urlLabel: "Endpoint URL",
  urlHint: "An https address on the public internet; deliveries are POSTed to it.",
  eventsLegend: "Events to send",
  register: "Register webhook",
  formErrors: "Some fields need attention; see the messages below.",
  limitReached: (max: string) =>
    `Your organisation already has ${max} webhooks, the most allowed. Delete one to ` +
    "register another.",
  // The secret, shown once.
  createdTitle: "Webhook registered",
  createdText: "Deliveries start with the next event of the types you chose.",
  secretLabel: "Signing secret",
  secretWarning: "Copy it now into your secrets store: it is shown only on this page. If it " +
    "is lost, rotate the secret.",
  toWebhook: "Go to the webhook",
  // One webhook.
  webhookTitle: "Webhook",
  backToList: "All webhooks",
  stateActive: "Active",
  statePaused: "Paused",
  stateDisabled: "Disabled",
  pausedText: "Paused: nothing is sent, and events that happen meanwhile are not queued.",
  disabledTitle: "Disabled after repeated failures",
  disabledAt: "The service stopped sending to this endpoint at",
  disabledReason: "What failed",
  reEnable: "Re-enable",
  reEnableHint: "Sending resumes at once and the failure count starts from zero. Events " +
    "missed while it was disabled are not sent: recover them from the deliveries page.",
  pause: "Pause",
  resume: "Resume",
  editTitle: "Edit",
  saveChanges: "Save changes",
  previousSecretUntil: "The previous secret also signs deliveries until",
  secretTitle: "Signing secret",
  secretNotShown: "The secret was shown once, when it was issued. Rotate it to get a new one.",
  rotate: "Rotate secret",
  deleteTitle: "Delete",
  delete: "Delete webhook",
  testTitle: "Send a test event",
  testText: "Sends a signed example event of the chosen type to the URL now, whether or not " +
    "the webhook subscribes to it, and even while it is paused. It is not retried and never " +
    "counts toward disabling the webhook.",
  testType: "Event type",
  testSend: "Send test event",
  deliveries: "Deliveries",
  doneUpdated: "Changes saved.",
  donePaused: "Webhook paused.",
  doneResumed: "Webhook resumed.",
  doneEnabled: "Webhook re-enabled: sending resumes now.",
  doneDeleted: "Webhook deleted.",
  // Rotating.
  rotateTitle: "Rotate the signing secret?",
  rotateText: "A new secret is issued and shown once. For the next 24 hours every delivery " +
    "is signed with both the new and the current secret (two v1 values), so your receiver " +
    "keeps accepting deliveries while you switch it to the new one.",
  rotateAgain: "Rotating again within those 24 hours retires the current previous secret " +
    "at once.",
  rotatedTitle: "New signing secret",
  overlapUntil: "Until this time deliveries carry a signature with the old secret as well:",
  overlapAfter: "After that only the new secret signs. Switch your receiver before then.",
  // Deleting.
  deleteConfirmTitle: "Delete this webhook?",
  deleteConfirmText: "Sending stops at once and the webhook's delivery log is removed. This " +
    "cannot be undone.",
  // Deliveries.
  deliveriesTitle: "Deliveries",
  deliveriesIntro: (days: string) =>
    `Every attempt to send an event to this webhook, newest first, kept for ${days} days.`,
  filterLegend: "Filter",
  outcome: "Outcome",
  any: "Any",
  eventType: "Event type",
  eventId: "Event id",
  from: "From (day)",
  to: "To (day, included)",
  applyFilters: "Apply filters",
  clearFilters: "Clear",
  filterErrors: "These filters could not be read:",
  badOutcome: "Choose an outcome from the list.",
  badEventType: "Choose an event type from the list.",
  badEventId: "An event id is evt_ followed by 26 letters and digits.",
  badDate: "Enter a day as YYYY-MM-DD, for example 2026-03-01.",
  badRange: "The last day is before the first.",
  badCursor: "This page's link is not valid. Start again from the newest deliveries.",
  noDeliveries: "No deliveries yet.",
  noMatches: "No deliveries match these filters.",
  colDelivery: "Delivery",
  colEvent: "Event",
  colType: "Type",
  colAttempt: "Attempt",
  colTrigger: "Trigger",
  colOutcome: "Outcome",
  colStatus: "HTTP status",
  colLatency: "Latency",
  colNextRetry: "Next retry",
  colCreated: "Created",
  colActions: "Actions",
  noMoreRetries: "No more retries",
  older: "Older deliveries",
  newest: "Newest deliveries",
  resend: "Resend",
  inactiveRefusal: "This webhook is paused or disabled, so nothing is sent. Resume or " +
    "re-enable it first.",
  // Recover.
  recoverTitle: "Recover failed deliveries",
  recoverText: (limit: string) =>
    "Sends again every event whose delivery failed for good since a time you choose: one " +
    `new attempt each, at most ${limit} at a time. You see the count before anything is sent.`,
  since: "Since (Riyadh time)",
  recoverCount: "Count failed deliveries",
  badSince: (days: string) =>
    `Enter a date and time within the last ${days} days, for example 2026-03-01 09:00.`,
  recoverConfirmTitle: "Send failed deliveries again?",
  recoverWouldSend: (n: string, since: string) =>
    `${n} failed events since ${since} would be sent again, one new attempt each.`,
  recoverCapped: (limit: string) =>
    `More than ${limit} have failed since then: this sends the oldest ${limit}. Recover ` +
    "again afterwards for the rest.",
  recoverNothing: "No failed deliveries since then: there is nothing to send again.",
  recoverGo: "Send them again",
  recovered: (n: string) => `${n} events queued to be sent again.`,
  // One delivery.
  deliveryTitle: "Delivery",
  deliveryId: "Delivery id",
  attempted: "Attempted",
  error: "Error",
  resendHint: "Sends this event again now as a new attempt, signed afresh.",
  pendingText: "Waiting for the attempt. This page refreshes itself every 2 seconds.",
  requestTitle: "Request",
  requestHeaders: "Headers as sent",
  requestBody: "Body",
  noRequest: "No request was sent.",
  notYet: "Not sent yet.",
  responseTitle: "Response",
  responseExcerpt: "Start of the response body",
  noResponse: "No response arrived.",
  emptyResponse: "The response had no body.",
  backToDeliveries: "All deliveries",
  doneTestQueued: "Test event queued: it is sent within a few seconds.",
  doneResent: "Queued to be sent again: this is the new attempt.",
  milliseconds: (n: string) => `${n} ms`,
}, {
  title: "خطافات الويب",
  intro: (max: string) =>
    "يرسل خطاف الويب إلى نظامك طلب POST موقّعًا عبر HTTPS فور حدوث أي تغيير على وظائفك. " +
    `يمكن لجهتك تسجيل ${max} خطافًا كحد أقصى.`,
  readOnly: "يسمح لك دورك بعرض خطافات الويب دون تعديلها.",
  none: "لا توجد خطافات ويب بعد.",
  url: "العنوان",
  events: "الأحداث",
  state: "الحالة",
  created: "تاريخ الإنشاء",
  updated: "آخر تعديل",
  failures: "الإخفاقات المتتالية",
  open: "فتح",
  gateTitle: "خطافات الويب غير متاحة في باقتك",
  gateText: "لا تُرسَل خطافات الويب في الباقة التجريبية. أما في باقتي النمو والتوسع فتُبلَّغ " +
    "أنظمتك فورًا عند إنشاء وظيفة أو مطابقتها أو تعديلها أو حذفها. تواصل معنا لتغيير باقتك.",
  registerTitle: "تسجيل خطاف ويب",
  urlLabel: "عنوان نقطة الاستقبال",
  urlHint: "عنوان https على الإنترنت العام، تُرسَل إليه الطلبات بطريقة POST.",
  eventsLegend: "الأحداث المطلوب إرسالها",
  register: "تسجيل الخطاف",
  formErrors: "بعض الحقول تحتاج إلى تصحيح؛ راجع الرسائل أدناه.",
  limitReached: (max: string) =>
    `لدى جهتك ${max} خطاف ويب، وهو الحد الأقصى المسموح. احذف أحدها لتسجيل خطاف جديد.`,
  createdTitle: "تم تسجيل خطاف الويب",
  createdText: "يبدأ الإرسال مع أول حدث قادم من الأنواع التي اخترتها.",
  secretLabel: "سر التوقيع",
  secretWarning: "انسخه الآن واحفظه في مخزن الأسرار لديك، فلن يظهر إلا في هذه الصفحة. إذا فقدته " +
    "فقم بتدوير السر.",
  toWebhook: "الانتقال إلى الخطاف",
  webhookTitle: "خطاف الويب",
  backToList: "كل الخطافات",
  stateActive: "نشط",
  statePaused: "موقوف مؤقتًا",
  stateDisabled: "معطّل",
  pausedText: "موقوف مؤقتًا: لا يُرسَل شيء، ولا تُحفَظ الأحداث التي تقع خلال الإيقاف.",
  disabledTitle: "عُطّل بعد إخفاقات متكررة",
  disabledAt: "أوقفت الخدمة الإرسال إلى نقطة الاستقبال هذه في",
  disabledReason: "سبب الإخفاق",
  reEnable: "إعادة التفعيل",
  reEnableHint: "يُستأنف الإرسال فورًا ويبدأ عدّاد الإخفاقات من الصفر. ولا تُرسَل الأحداث التي " +
    "فاتت خلال التعطيل، ويمكنك استردادها من صفحة عمليات الإرسال.",
  pause: "إيقاف مؤقت",
  resume: "استئناف",
  editTitle: "تعديل",
  saveChanges: "حفظ التعديلات",
  previousSecretUntil: "يستمر السر السابق في توقيع الطلبات أيضًا حتى",
  secretTitle: "سر التوقيع",
  secretNotShown: "ظهر السر مرة واحدة عند إصداره. قم بتدويره للحصول على سر جديد.",
  rotate: "تدوير السر",
  deleteTitle: "الحذف",
  delete: "حذف الخطاف",
  testTitle: "إرسال حدث تجريبي",
  testText: "يرسل الآن إلى العنوان حدثًا نموذجيًا موقّعًا من النوع الذي تختاره، سواء أكان الخطاف " +
    "مشتركًا فيه أم لا، وحتى أثناء الإيقاف المؤقت. لا تُعاد محاولته ولا يُحتسب ضمن الإخفاقات " +
    "التي تؤدي إلى تعطيل الخطاف.",
  testType: "نوع الحدث",
  testSend: "إرسال حدث تجريبي",
  deliveries: "عمليات الإرسال",
  doneUpdated: "حُفظت التعديلات.",
  donePaused: "أُوقف الخطاف مؤقتًا.",
  doneResumed: "استُؤنف الخطاف.",
  doneEnabled: "أُعيد تفعيل الخطاف، ويُستأنف الإرسال الآن.",
  doneDeleted: "حُذف الخطاف.",
  rotateTitle: "تدوير سر التوقيع؟",
  rotateText: "يُصدَر سر جديد ويظهر مرة واحدة. وخلال الساعات الأربع والعشرين التالية يُوقَّع كل " +
    "طلب بالسر الجديد والسر الحالي معًا (قيمتان لـ v1)، فيستمر نظامك في قبول الطلبات إلى أن " +
    "تنقله إلى السر الجديد.",
  rotateAgain: "إذا دوّرت السر مرة أخرى خلال هذه الساعات الأربع والعشرين فسيتوقف السر السابق " +
    "الحالي فورًا.",
  rotatedTitle: "سر التوقيع الجديد",
  overlapUntil: "حتى هذا الوقت تحمل الطلبات توقيعًا بالسر القديم أيضًا:",
  overlapAfter: "بعد ذلك يوقّع السر الجديد وحده، فانقل نظامك إليه قبل ذلك الحين.",
  deleteConfirmTitle: "حذف خطاف الويب هذا؟",
  deleteConfirmText: "يتوقف الإرسال فورًا ويُحذف سجل عمليات الإرسال الخاص بالخطاف. لا يمكن " +
    "التراجع عن ذلك.",
  deliveriesTitle: "عمليات الإرسال",
  deliveriesIntro: (days: string) =>
    `كل محاولة لإرسال حدث إلى هذا الخطاف، الأحدث أولًا، وتُحفَظ لمدة ${days} يومًا.`,
  filterLegend: "التصفية",
  outcome: "النتيجة",
  any: "الكل",
  eventType: "نوع الحدث",
  eventId: "معرّف الحدث",
  from: "من (يوم)",
  to: "إلى (يوم، ضمنًا)",
  applyFilters: "تطبيق التصفية",
  clearFilters: "مسح",
  filterErrors: "تعذّرت قراءة عوامل التصفية التالية:",
  badOutcome: "اختر نتيجة من القائمة.",
  badEventType: "اختر نوع حدث من القائمة.",
  badEventId: "يتكوّن معرّف الحدث من evt_ يليه 26 حرفًا ورقمًا.",
  badDate: "أدخل اليوم بالصيغة YYYY-MM-DD، مثل 2026-03-01.",
  badRange: "اليوم الأخير يسبق اليوم الأول.",
  badCursor: "رابط هذه الصفحة غير صالح. ابدأ من جديد من أحدث عمليات الإرسال.",
  noDeliveries: "لا توجد عمليات إرسال بعد.",
  noMatches: "لا توجد عمليات إرسال تطابق عوامل التصفية هذه.",
  colDelivery: "عملية الإرسال",
  colEvent: "الحدث",
  colType: "النوع",
  colAttempt: "المحاولة",
  colTrigger: "المصدر",
  colOutcome: "النتيجة",
  colStatus: "رمز HTTP",
  colLatency: "زمن الاستجابة",
  colNextRetry: "المحاولة التالية",
  colCreated: "تاريخ الإنشاء",
  colActions: "الإجراءات",
  noMoreRetries: "لا مزيد من المحاولات",
  older: "عمليات إرسال أقدم",
  newest: "أحدث عمليات الإرسال",
  resend: "إعادة الإرسال",
  inactiveRefusal: "هذا الخطاف موقوف مؤقتًا أو معطّل، فلا يُرسَل منه شيء. استأنفه أو أعد " +
    "تفعيله أولًا.",
  recoverTitle: "استرداد عمليات الإرسال الفاشلة",
  recoverText: (limit: string) =>
    "يعيد إرسال كل حدث فشل إرساله نهائيًا منذ وقت تختاره: محاولة جديدة لكل حدث، وبحد أقصى " +
    `${limit} حدث في كل مرة. ترى العدد قبل إرسال أي شيء.`,
  since: "منذ (بتوقيت الرياض)",
  recoverCount: "عدّ عمليات الإرسال الفاشلة",
  badSince: (days: string) => `أدخل تاريخًا ووقتًا خلال آخر ${days} يومًا، مثل 2026-03-01 09:00.`,
  recoverConfirmTitle: "إعادة إرسال عمليات الإرسال الفاشلة؟",
  recoverWouldSend: (n: string, since: string) =>
    `سيُعاد إرسال ${n} من الأحداث التي فشل إرسالها منذ ${since}، بمحاولة جديدة لكل حدث.`,
  recoverCapped: (limit: string) =>
    `فشل أكثر من ${limit} حدث منذ ذلك الوقت، وسيُعاد إرسال أقدم ${limit} منها. كرّر ` +
    "الاسترداد بعد ذلك لإرسال الباقي.",
  recoverNothing: "لا توجد عمليات إرسال فاشلة منذ ذلك الوقت، فلا شيء لإعادة إرساله.",
  recoverGo: "إعادة إرسالها",
  recovered: (n: string) => `أُضيف ${n} من الأحداث إلى قائمة إعادة الإرسال.`,
  deliveryTitle: "عملية إرسال",
  deliveryId: "معرّف عملية الإرسال",
  attempted: "وقت المحاولة",
  error: "الخطأ",
  resendHint: "يعيد إرسال هذا الحدث الآن في محاولة جديدة بتوقيع جديد.",
  pendingText: "بانتظار المحاولة. تتحدّث هذه الصفحة تلقائيًا كل ثانيتين.",
  requestTitle: "الطلب",
  requestHeaders: "الترويسات كما أُرسلت",
  requestBody: "الجسم",
  noRequest: "لم يُرسَل أي طلب.",
  notYet: "لم يُرسَل بعد.",
  responseTitle: "الاستجابة",
  responseExcerpt: "بداية جسم الاستجابة",
  noResponse: "لم تصل أي استجابة.",
  emptyResponse: "لم يكن للاستجابة جسم.",
  backToDeliveries: "كل عمليات الإرسال",
  doneTestQueued: "أُضيف الحدث التجريبي إلى قائمة الإرسال، وسيُرسَل خلال ثوانٍ.",
  doneResent: "أُضيف إلى قائمة إعادة الإرسال، وهذه هي المحاولة الجديدة.",
  milliseconds: (n: string) => `${n} ملّي ثانية`,
});

/** Where an attempt stands. */
export const outcomeNames = bilingual<Record<DeliveryOutcome, string>>({
  pending: "Pending",
  succeeded: "Succeeded",
  failed: "Failed",
  cancelled: "Cancelled",
}, {
  pending: "قيد الانتظار",
  succeeded: "نجحت",
  failed: "فشلت",
  cancelled: "أُلغيت",
});

/** What made an attempt. */
export const triggerNames = bilingual<Record<DeliveryTrigger, string>>({
  event: "Event",
  retry: "Retry",
  redeliver: "Resend",
  test: "Test",
}, {
  event: "حدث",
  retry: "إعادة محاولة",
  redeliver: "إعادة إرسال",
  test: "تجربة",
});

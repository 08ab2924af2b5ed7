/**
 * The one catalogue of error codes partners can see, each with its English and Arabic
 * message. Statuses are not here: only the edge maps a code to HTTP.
 * @module
 */

/** A catalogue entry: a short title and the partner-facing messages. */
export interface ErrorText {
  title: string;
  message: string;
  messageAr: string;
}

/** Every top-level error code. */
export const ERRORS = {
  "partner.unauthorized": {
    title: "Unauthorized",
    message: "A valid API key is required in the Authorization header as 'Bearer <API_KEY>'.",
    messageAr: "يلزم مفتاح واجهة برمجية صالح في ترويسة Authorization بالصيغة 'Bearer <API_KEY>'.",
  },
  "partner.forbidden": {
    title: "Forbidden",
    message: "Your plan does not include this feature. Upgrade to Growth or Scale to use it.",
    messageAr: "خطتك لا تشمل هذه الميزة. قم بالترقية إلى خطة Growth أو Scale لاستخدامها.",
  },
  "partner.not_found": {
    title: "Not Found",
    message: "The requested resource does not exist.",
    messageAr: "المورد المطلوب غير موجود.",
  },
  "partner.route_not_found": {
    title: "Not Found",
    message: "No endpoint exists at this path. Check the URL and the API version.",
    messageAr: "لا توجد نقطة نهاية بهذا المسار. تحقق من العنوان ومن إصدار الواجهة.",
  },
  "partner.method_not_allowed": {
    title: "Method Not Allowed",
    message: "This endpoint does not support this HTTP method. See the Allow header.",
    messageAr: "نقطة النهاية هذه لا تدعم طريقة HTTP المستخدمة. راجع ترويسة Allow.",
  },
  "partner.validation_failed": {
    title: "Unprocessable Content",
    message: "The request is invalid. See errors for each field.",
    messageAr: "الطلب غير صالح. راجع قائمة الأخطاء لكل حقل.",
  },
  "partner.malformed_json": {
    title: "Bad Request",
    message: "The request body is not valid JSON.",
    messageAr: "محتوى الطلب ليس بصيغة JSON صالحة.",
  },
  "partner.unsupported_media_type": {
    title: "Unsupported Media Type",
    message: "Send the request body as JSON with 'Content-Type: application/json'.",
    messageAr: "أرسل محتوى الطلب بصيغة JSON مع الترويسة 'Content-Type: application/json'.",
  },
  "partner.payload_too_large": {
    title: "Content Too Large",
    message: "The request body is larger than this endpoint accepts.",
    messageAr: "حجم محتوى الطلب أكبر مما تقبله نقطة النهاية هذه.",
  },
  "partner.idempotency_mismatch": {
    title: "Unprocessable Content",
    message:
      "This Idempotency-Key was already used with a different request. Use a new key for a new request.",
    messageAr: "استُخدم مفتاح Idempotency-Key هذا مع طلب مختلف. استخدم مفتاحًا جديدًا لكل طلب جديد.",
  },
  "partner.idempotency_in_progress": {
    title: "Conflict",
    message:
      "A request with this Idempotency-Key is still being processed. Retry after it completes.",
    messageAr: "ما زال طلب بمفتاح Idempotency-Key هذا قيد المعالجة. أعد المحاولة بعد اكتماله.",
  },
  "partner.webhook_limit_reached": {
    title: "Conflict",
    message: "You have registered the most webhooks allowed. Delete one before adding another.",
    messageAr: "لقد سجّلت الحد الأقصى المسموح من الويب هوك. احذف واحدًا قبل إضافة آخر.",
  },
  "partner.webhook_inactive": {
    title: "Conflict",
    message:
      "This webhook is inactive, so nothing is sent to it. Set is_active to true, then retry.",
    messageAr:
      "هذا الويب هوك غير مفعّل، لذلك لا يُرسل إليه شيء. اضبط is_active على true ثم أعد المحاولة.",
  },
  "partner.version_not_found": {
    title: "Not Found",
    message: "This API version does not exist. The current version is v1: use paths under /v1/.",
    messageAr:
      "إصدار الواجهة هذا غير موجود. الإصدار الحالي هو v1: استخدم المسارات التي تبدأ بـ /v1/.",
  },
  "partner.auth_rate_limited": {
    title: "Too Many Requests",
    message:
      "Too many requests without a valid API key came from your address. Retry after the time in Retry-After.",
    messageAr:
      "وصلت من عنوانك طلبات كثيرة دون مفتاح واجهة برمجية صالح. أعد المحاولة بعد المدة المذكورة في Retry-After.",
  },
  "partner.rate_limited": {
    title: "Too Many Requests",
    message:
      "You have sent more requests this minute than your plan allows. Retry after the time in Retry-After.",
    messageAr:
      "لقد أرسلت في هذه الدقيقة طلبات أكثر مما تسمح به خطتك. أعد المحاولة بعد المدة المذكورة في Retry-After.",
  },
  "partner.quota_exceeded": {
    title: "Too Many Requests",
    message:
      "You have created all the jobs your plan allows this month. The quota resets at quota.reset_at; upgrade your plan for more.",
    messageAr:
      "لقد أنشأت كل الوظائف التي تسمح بها خطتك هذا الشهر. تتجدد الحصة في الوقت المذكور في quota.reset_at؛ رقِّ خطتك للمزيد.",
  },
  "partner.unavailable": {
    title: "Service Unavailable",
    message:
      "The service is temporarily unavailable. Nothing was changed; retry after the time in Retry-After.",
    messageAr:
      "الخدمة غير متاحة مؤقتًا. لم يتم تغيير أي شيء؛ أعد المحاولة بعد المدة المذكورة في Retry-After.",
  },
  "partner.internal_error": {
    title: "Internal Server Error",
    message: "Something went wrong on our side. Quote the request_id if you contact support.",
    messageAr: "حدث خطأ من جهتنا. اذكر قيمة request_id عند التواصل مع الدعم.",
  },
} as const satisfies Record<string, ErrorText>;

/** A top-level error code. */
export type ErrorCode = keyof typeof ERRORS;

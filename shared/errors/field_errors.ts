/**
 * Per-field validation errors: the field as a JSON pointer, a stable code, and both
 * messages. The edge and the job service produce them through this one module.
 * @module
 */

/** One problem with one field of a request. */
export interface FieldError {
  /** JSON pointer to the field, e.g. `/salary_max`; `""` for the whole body. */
  field: string;
  code: FieldErrorCode;
  message: string;
  messageAr: string;
}

/** Parameters some messages interpolate. */
export interface FieldErrorParams {
  min?: number;
  max?: number;
  allowed?: readonly string[];
  expected?: string;
  other?: string;
}

type Template = (p: FieldErrorParams) => [en: string, ar: string];

const list = (xs: readonly string[] | undefined) => (xs ?? []).join(", ");

const TEMPLATES = {
  required: () => ["This field is required.", "هذا الحقل مطلوب."],
  invalid_type: (p) => [
    `Expected ${p.expected ?? "a different type"}.`,
    `القيمة يجب أن تكون من النوع ${p.expected ?? "الصحيح"}.`,
  ],
  too_short: (p) => [
    `Must be at least ${p.min} characters.`,
    `يجب ألا يقل الطول عن ${p.min} حرفًا.`,
  ],
  too_long: (p) => [
    `Must be at most ${p.max} characters.`,
    `يجب ألا يزيد الطول عن ${p.max} حرفًا.`,
  ],
  too_small: (p) => [`Must be at least ${p.min}.`, `يجب ألا تقل القيمة عن ${p.min}.`],
  too_big: (p) => [`Must be at most ${p.max}.`, `يجب ألا تزيد القيمة عن ${p.max}.`],
  not_integer: () => ["Must be a whole number.", "يجب أن تكون القيمة عددًا صحيحًا."],
  invalid_enum: (p) => [
    `Must be one of: ${list(p.allowed)}.`,
    `يجب أن تكون القيمة إحدى القيم التالية: ${list(p.allowed)}.`,
  ],
  invalid_format: (p) => [
    `Has an invalid format${p.expected ? `; expected ${p.expected}` : ""}.`,
    `صيغة القيمة غير صحيحة${p.expected ? `؛ الصيغة المتوقعة ${p.expected}` : ""}.`,
  ],
  unknown_field: () => [
    "This field is not accepted by this endpoint.",
    "هذا الحقل غير مقبول في نقطة النهاية هذه.",
  ],
  unknown_city: () => [
    "Must be a city of Saudi Arabia, written in English (for example Riyadh, Jeddah, Dammam).",
    "يجب أن تكون مدينة في المملكة العربية السعودية مكتوبة بالإنجليزية (مثل Riyadh أو Jeddah أو Dammam).",
  ],
  salary_required: (p) => [
    `Required when employment_type is ${p.other}.`,
    `هذا الحقل مطلوب عندما يكون employment_type بقيمة ${p.other}.`,
  ],
  salary_range: () => [
    "salary_max must be greater than or equal to salary_min.",
    "يجب أن يكون salary_max أكبر من أو يساوي salary_min.",
  ],
  empty_update: () => [
    "Send at least one field to change.",
    "أرسل حقلًا واحدًا على الأقل لتعديله.",
  ],
  too_few_items: (p) => [
    `Must contain at least ${p.min} item${p.min === 1 ? "" : "s"}.`,
    `يجب أن تحتوي القائمة على ${p.min} عنصر على الأقل.`,
  ],
  too_many_items: (p) => [
    `Must contain at most ${p.max} items.`,
    `يجب ألا تحتوي القائمة على أكثر من ${p.max} عنصر.`,
  ],
  not_https: () => [
    "Must be an https URL.",
    "يجب أن يكون العنوان بصيغة https.",
  ],
  url_credentials: () => [
    "Must not contain a user name or password.",
    "يجب ألا يحتوي العنوان على اسم مستخدم أو كلمة مرور.",
  ],
  forbidden_host: (p) => [
    `Must point to a public internet host${p.expected ? `: ${p.expected}` : "."}`,
    `يجب أن يشير العنوان إلى خادم عام على الإنترنت${p.expected ? `: ${p.expected}` : "."}`,
  ],
  invalid_characters: () => [
    "Must not contain control characters other than tab, line feed and carriage return, " +
    "unpaired UTF-16 surrogates, or U+FFFE / U+FFFF.",
    "يجب ألا يحتوي النص على محارف تحكم غير الجدولة ونهاية السطر، أو على نصف زوج بديل في UTF-16 " +
    "بلا نصفه الآخر، أو على المحرفين U+FFFE وU+FFFF.",
  ],
  too_deep: (p) => [
    `Must not be nested more than ${p.max} levels deep.`,
    `يجب ألا يزيد عمق التداخل عن ${p.max} مستوى.`,
  ],
  invalid_cursor: () => [
    "The cursor is not valid. Use next_cursor from a previous response.",
    "المؤشر غير صالح. استخدم قيمة next_cursor من استجابة سابقة.",
  ],
  too_old: (p) => [
    `Must be within the last ${p.max} days: nothing older is kept.`,
    `يجب أن يقع الوقت ضمن آخر ${p.max} يومًا: لا يُحتفظ بما هو أقدم.`,
  ],
} satisfies Record<string, Template>;

/** Stable codes of field errors. */
export type FieldErrorCode = keyof typeof TEMPLATES;

/** Every field error code, for the API reference. */
export const FIELD_ERROR_CODES = Object.keys(TEMPLATES) as [FieldErrorCode, ...FieldErrorCode[]];

/** Builds a bilingual field error. */
export function fieldError(
  field: string,
  code: FieldErrorCode,
  params: FieldErrorParams = {},
): FieldError {
  const [message, messageAr] = (TEMPLATES[code] as Template)(params);
  return { field, code, message, messageAr };
}

/** Turns a path such as `["jobs", 3, "title"]` into the JSON pointer `/jobs/3/title`. */
export function jsonPointer(path: readonly PropertyKey[]): string {
  return path.map((p) => `/${String(p).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");
}

/** The value at `path` inside `input`, or undefined when any step is missing: tells a missing
 * field from a wrong one when turning schema issues into field errors. */
export function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const key of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

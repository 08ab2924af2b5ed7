/** Text of the API keys pages. */
import type { RollExpiry } from "@hire/accounts";
import { bilingual } from "../i18n.ts";

/** The keys list, the create, roll and revoke pages. */
export const keysText = bilingual({
  title: "API keys",
  intro: "Your applications authenticate to the partner API with these keys. A key is shown " +
    "once, when it is issued: only a hash of it is kept.",
  readOnly: "Developers and admins can create, roll and revoke keys.",
  name: "Name",
  prefix: "Key",
  created: "Created",
  lastUsed: "Last used",
  expires: "Expires",
  state: "State",
  actions: "Actions",
  noKeys: "No keys yet.",
  noExpiry: "No expiry",
  stateActive: "Active",
  stateExpiring: "Expires at",
  stateExpired: "Expired",
  stateRevoked: "Revoked",
  createTitle: "Create a key",
  nameHint: (max: number) =>
    `Up to ${max} characters. Say where the key is used, such as “Production server”.`,
  create: "Create key",
  nameRequired: "Give the key a name.",
  nameTooLong: (max: number) => `The name is too long: at most ${max} characters.`,
  nameInvalid: "The name must be one line of text, without control characters.",
  tooManyKeys: (max: number) =>
    `Your organisation already has ${max} live keys, the most it may hold. Revoke a key ` +
    "you no longer use first.",
  tooManyKeysRoll: (max: number) =>
    `Your organisation already has ${max} live keys, the most it may hold: while both keys ` +
    "work there would be one too many. Choose “Now”, or revoke a key you no longer use first.",
  createdTitle: "Your new API key",
  secretLabel: "API key",
  secretWarning: "Copy it now and keep it on your servers: only a hash is kept, so it cannot " +
    "be shown again.",
  usageTitle: "Using the key",
  usageHeader: "Send it in the Authorization header of every request:",
  usageCurl: "For example, to list your jobs:",
  backToKeys: "Back to API keys",
  roll: "Roll",
  rollTitle: "Roll this key?",
  rollText: "A new key with the same name is issued. The old key keeps working until the " +
    "time you choose, together with the new one, so you can move your applications over.",
  alreadyExpiring: "This key already stops working at",
  alreadyExpiringEnd: "Rolling it never makes it work longer.",
  rollWhen: "When should the old key stop working?",
  rollConfirm: "Roll key",
  rollChoose: "Choose when the old key stops working.",
  rolledTitle: "Key rolled",
  oldKey: "Old key",
  oldKeyUntil: "The old key keeps working until",
  oldKeyStopped: "The old key no longer works.",
  revoke: "Revoke",
  revokeTitle: "Revoke this key?",
  revokeText: "Requests made with it are refused at once. This cannot be undone.",
  revokeConfirm: "Revoke key",
  revoked: "Key revoked. It no longer works.",
  notLive: "Your organisation has no live key with this id: it may have been revoked, or " +
    "have expired.",
}, {
  title: "مفاتيح API",
  intro: "تصادق تطبيقاتك على واجهة API للشركاء بهذه المفاتيح. يظهر المفتاح مرة واحدة عند " +
    "إصداره، ولا نحتفظ إلا بقيمة مجزّأة (hash) منه.",
  readOnly: "يستطيع المطوّرون والمسؤولون إنشاء المفاتيح وتدويرها وإبطالها.",
  name: "الاسم",
  prefix: "المفتاح",
  created: "تاريخ الإنشاء",
  lastUsed: "آخر استخدام",
  expires: "ينتهي",
  state: "الحالة",
  actions: "الإجراءات",
  noKeys: "لا توجد مفاتيح بعد.",
  noExpiry: "بلا تاريخ انتهاء",
  stateActive: "نشط",
  stateExpiring: "ينتهي في",
  stateExpired: "منتهي الصلاحية",
  stateRevoked: "مُبطَل",
  createTitle: "إنشاء مفتاح",
  nameHint: (max: number) => `بحد أقصى ${max} حرف. اذكر أين يُستخدم المفتاح، مثل «خادم الإنتاج».`,
  create: "إنشاء المفتاح",
  nameRequired: "أدخل اسمًا للمفتاح.",
  nameTooLong: (max: number) => `الاسم طويل جدًا: الحد الأقصى ${max} حرف.`,
  nameInvalid: "يجب أن يكون الاسم سطرًا واحدًا من النص بلا رموز تحكّم.",
  tooManyKeys: (max: number) =>
    `بلغ عدد المفاتيح الصالحة لدى جهتك الحد الأقصى (${max}). أبطِل أولًا مفتاحًا لم ` +
    "تعد تستخدمه.",
  tooManyKeysRoll: (max: number) =>
    `بلغ عدد المفاتيح الصالحة لدى جهتك الحد الأقصى (${max})، وسيتجاوزه بمفتاح ما دام ` +
    "المفتاحان يعملان معًا. اختر «الآن»، أو أبطِل أولًا مفتاحًا لم تعد تستخدمه.",
  createdTitle: "مفتاح API الجديد",
  secretLabel: "مفتاح API",
  secretWarning: "انسخه الآن واحفظه على خوادمك: لا نحتفظ إلا بقيمة مجزّأة منه، فلا يمكن " +
    "عرضه مرة أخرى.",
  usageTitle: "استخدام المفتاح",
  usageHeader: "أرسله في ترويسة Authorization مع كل طلب:",
  usageCurl: "مثلًا، لعرض وظائفك:",
  backToKeys: "العودة إلى مفاتيح API",
  roll: "تدوير",
  rollTitle: "تدوير هذا المفتاح؟",
  rollText: "يُصدَر مفتاح جديد بالاسم نفسه، ويبقى المفتاح القديم صالحًا مع الجديد حتى الوقت " +
    "الذي تختاره، لتنقل تطبيقاتك إلى المفتاح الجديد.",
  alreadyExpiring: "سيتوقف هذا المفتاح أصلًا في",
  alreadyExpiringEnd: "ولا يطيل التدوير مدة صلاحيته أبدًا.",
  rollWhen: "متى يتوقف المفتاح القديم عن العمل؟",
  rollConfirm: "تدوير المفتاح",
  rollChoose: "اختر متى يتوقف المفتاح القديم عن العمل.",
  rolledTitle: "دُوِّر المفتاح",
  oldKey: "المفتاح القديم",
  oldKeyUntil: "يبقى المفتاح القديم صالحًا حتى",
  oldKeyStopped: "توقف المفتاح القديم عن العمل.",
  revoke: "إبطال",
  revokeTitle: "إبطال هذا المفتاح؟",
  revokeText: "تُرفض الطلبات المرسلة به فورًا، ولا يمكن التراجع عن ذلك.",
  revokeConfirm: "إبطال المفتاح",
  revoked: "أُبطل المفتاح ولم يعد يعمل.",
  notLive: "لا يوجد لدى جهتك مفتاح صالح بهذا المعرّف: ربما أُبطل أو انتهت صلاحيته.",
});

/** When a rolled key stops working, as the roll page offers it. */
export const rollExpiryNames = bilingual<Record<RollExpiry, string>>({
  now: "Now",
  "1h": "In 1 hour",
  "24h": "In 24 hours",
  "7d": "In 7 days",
}, {
  now: "الآن",
  "1h": "بعد ساعة",
  "24h": "بعد 24 ساعة",
  "7d": "بعد 7 أيام",
});

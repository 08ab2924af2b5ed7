/** Text of the users page and the audit log. */
import { bilingual } from "../i18n.ts";

/** The users page. */
export const usersText = bilingual({
  title: "Users",
  intro: "People of your organisation who can sign in to this console. Viewers can look; " +
    "developers also manage API keys and webhooks; admins also manage users.",
  email: "E-mail address",
  role: "Role",
  added: "Added",
  lastSignIn: "Last sign-in",
  actions: "Actions",
  you: "(you)",
  inviteTitle: "Invite someone",
  invite: "Send invitation",
  changeRole: "Change role",
  remove: "Remove",
  removeTitle: "Remove this person?",
  removeText: (email: string) =>
    `${email} will be signed out at once and can no longer sign in to this console.`,
  removeConfirm: "Remove",
  invited: "Invitation sent.",
  roleChanged: "Role changed.",
  removed: "Removed.",
  invalidEmail: "Enter an e-mail address, like name@company.sa.",
  emailTaken: "This address already has a console account, here or with another " +
    "organisation, and cannot be invited.",
  lastAdmin: "Your organisation needs at least one admin: make someone else admin first.",
  invalidRole: "Choose a role.",
}, {
  title: "المستخدمون",
  intro: "أشخاص من جهتك يمكنهم الدخول إلى هذه البوابة. المشاهد يطّلع فقط، والمطوّر يدير " +
    "مفاتيح API وخطافات الويب أيضًا، والمسؤول يدير المستخدمين كذلك.",
  email: "البريد الإلكتروني",
  role: "الدور",
  added: "تاريخ الإضافة",
  lastSignIn: "آخر دخول",
  actions: "الإجراءات",
  you: "(أنت)",
  inviteTitle: "دعوة شخص",
  invite: "إرسال الدعوة",
  changeRole: "تغيير الدور",
  remove: "إزالة",
  removeTitle: "إزالة هذا الشخص؟",
  removeText: (email: string) =>
    `سيُسجَّل خروج ${email} فورًا ولن يتمكن من الدخول إلى هذه البوابة بعد ذلك.`,
  removeConfirm: "إزالة",
  invited: "أُرسلت الدعوة.",
  roleChanged: "تغيّر الدور.",
  removed: "أُزيل.",
  invalidEmail: "أدخل بريدًا إلكترونيًا صحيحًا، مثل name@company.sa.",
  emailTaken: "لهذا البريد حساب في البوابة، هنا أو لدى جهة أخرى، ولا يمكن دعوته.",
  lastAdmin: "تحتاج جهتك إلى مسؤول واحد على الأقل: اجعل شخصًا آخر مسؤولًا أولًا.",
  invalidRole: "اختر دورًا.",
});

/** The audit log page. */
export const auditText = bilingual({
  title: "Audit log",
  intro: "Every change to API keys, webhooks and users: who made it, and when. Changes made " +
    "with an API key show the key's prefix; the service's own (an automatic disable) show " +
    "“system”.",
  when: "When",
  who: "Who",
  action: "Change",
  target: "Object",
  detail: "Detail",
  empty: "No changes yet.",
  older: "Older",
  operator: "Operator",
  system: "System",
}, {
  title: "سجل التدقيق",
  intro: "كل تغيير على مفاتيح API وخطافات الويب والمستخدمين: من أجراه ومتى. تظهر التغييرات " +
    "التي تمت بمفتاح API ببادئة المفتاح، وتغييرات الخدمة نفسها (كالتعطيل التلقائي) باسم «النظام».",
  when: "الوقت",
  who: "المنفّذ",
  action: "التغيير",
  target: "العنصر",
  detail: "التفاصيل",
  empty: "لا تغييرات بعد.",
  older: "الأقدم",
  operator: "المشغّل",
  system: "النظام",
});

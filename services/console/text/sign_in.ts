/** Text of signing in and out, and of the sign-in and invitation e-mails. */
import { bilingual } from "../i18n.ts";

/** The sign-in pages. */
export const signInText = bilingual({
  title: "Sign in",
  intro: "Enter the e-mail address your organisation registered. We will e-mail you a link " +
    "that signs you in.",
  email: "E-mail address",
  send: "E-mail me a sign-in link",
  sentTitle: "Check your e-mail",
  sent: (email: string) =>
    `If ${email} belongs to a console user, a sign-in link is on its way. It works once, ` +
    "for 15 minutes.",
  invalidEmail: "Enter an e-mail address, like name@company.sa.",
  continueTitle: "Continue signing in",
  continueText: "Press Continue to sign in to the partner console in this browser.",
  continue: "Continue",
  deadTitle: "This link no longer works",
  deadText: "Sign-in links work once, for 15 minutes. Ask for a new one.",
  askAgain: "Send a new link",
  signedOut: "You have signed out.",
}, {
  title: "تسجيل الدخول",
  intro: "أدخل البريد الإلكتروني الذي سجّلته جهتك، وسنرسل إليك رابطًا لتسجيل الدخول.",
  email: "البريد الإلكتروني",
  send: "أرسل لي رابط الدخول",
  sentTitle: "تحقّق من بريدك",
  sent: (email: string) =>
    `إذا كان ${email} لمستخدم في البوابة فقد أُرسل إليه رابط الدخول. يعمل الرابط مرة واحدة ` +
    "لمدة 15 دقيقة.",
  invalidEmail: "أدخل بريدًا إلكترونيًا صحيحًا، مثل name@company.sa.",
  continueTitle: "متابعة تسجيل الدخول",
  continueText: "اضغط «متابعة» لتسجيل الدخول إلى بوابة الشركاء في هذا المتصفح.",
  continue: "متابعة",
  deadTitle: "لم يعد هذا الرابط صالحًا",
  deadText: "يعمل رابط الدخول مرة واحدة لمدة 15 دقيقة. اطلب رابطًا جديدًا.",
  askAgain: "أرسل رابطًا جديدًا",
  signedOut: "سجّلت الخروج.",
});

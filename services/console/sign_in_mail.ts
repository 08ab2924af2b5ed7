/**
 * The e-mails that bring a person to the console: a sign-in link, and an invitation. Both
 * languages in each (the sender does not know which the reader prefers): Arabic first,
 * then English, each block in its own direction in the HTML part.
 * @module
 */
import { escapeHtml, type MailMessage } from "@hire/mail";

function bilingualMail(
  to: string,
  subject: string,
  blocks: { ar: string[]; en: string[] },
  link: string,
): MailMessage {
  const text = [...blocks.ar, link, "", ...blocks.en, link].join("\n");
  const html = (lang: "ar" | "en", lines: string[], button: string) =>
    `<div dir="${lang === "ar" ? "rtl" : "ltr"}" lang="${lang}">` +
    lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("") +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(button)}</a></p></div>`;
  return {
    to: [to],
    subject,
    text,
    html: html("ar", blocks.ar, "الدخول إلى البوابة") + "<hr>" +
      html("en", blocks.en, "Open the console"),
  };
}

/** The sign-in e-mail: the link opens a page whose button spends it. */
export function signInMail(opts: { to: string; link: string; ttlMinutes: number }): MailMessage {
  return bilingualMail(opts.to, "رابط الدخول إلى بوابة الشركاء · Your console sign-in link", {
    ar: [
      "طلبتَ الدخول إلى بوابة الشركاء. افتح الرابط التالي في المتصفح نفسه:",
      `يعمل الرابط مرة واحدة لمدة ${opts.ttlMinutes} دقيقة. إن لم تطلبه فتجاهل هذه الرسالة.`,
    ],
    en: [
      "You asked to sign in to the partner console. Open this link in the same browser:",
      `It works once, for ${opts.ttlMinutes} minutes. If you did not ask, ignore this e-mail.`,
    ],
  }, opts.link);
}

/** The invitation sent when an admin adds a person. */
export function invitationMail(
  opts: { to: string; partnerName: string; invitedBy: string; signInUrl: string },
): MailMessage {
  return bilingualMail(
    opts.to,
    `دعوة إلى بوابة الشركاء · You are invited to ${opts.partnerName}'s partner console`,
    {
      ar: [
        `دعاك ${opts.invitedBy} إلى بوابة الشركاء لدى ${opts.partnerName}.`,
        "سجّل الدخول ببريدك هذا من الرابط التالي:",
      ],
      en: [
        `${opts.invitedBy} invited you to ${opts.partnerName}'s partner console.`,
        "Sign in with this e-mail address here:",
      ],
    },
    opts.signInUrl,
  );
}

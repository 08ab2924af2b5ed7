/**
 * The e-mail a partner's admins get when the service disables one of their webhooks after
 * repeated failures: English, then Arabic, each saying which webhook, when, why, what became
 * of pending retries, where the webhook's page in the console is, and how to turn it back on.
 * @module
 */
import { escapeHtml, type MailMessage } from "@hire/mail";

/** What the notice reports. */
export interface DisabledNoticeInput {
  partnerName: string;
  webhookId: string;
  url: string;
  /** English, shown verbatim in both languages, e.g. "5 consecutive failed deliveries; …". */
  reason: string;
  /** Consecutive failed deliveries that led to the disabling. */
  failures: number;
  disabledAt: Date;
  /** The event whose delivery failed last. */
  lastEventId: string;
  /**
   * The partner console (`CONSOLE_BASE_URL`, no trailing slash): the notice links to the
   * webhook's page, `<console>/webhooks/<id>`.
   */
  consoleBaseUrl: string;
}

/** A notice ready to address: subject, plain text and HTML. */
export type DisabledNotice = Required<Omit<MailMessage, "to">>;

/** One language's wording; technical values (ids, URLs, requests) are the same in both. */
interface Copy {
  lang: "en" | "ar";
  dir: "ltr" | "rtl";
  greeting: string;
  intro: string;
  facts: [label: string, value: string][];
  stopped: string;
  console: string;
  fix: string;
  log: string;
  redeliver: string;
  signature: string;
}

/** Builds the notice; pure, so the same input always gives the same e-mail. */
export function disabledNotice(input: DisabledNoticeInput): DisabledNotice {
  const id = input.webhookId;
  const at = input.disabledAt.toISOString().replace(/\.\d{3}Z$/, "Z");
  const base = `/v1/partner/webhooks/${id}`;
  const page = `${input.consoleBaseUrl}/webhooks/${id}`;
  const requests = {
    fix: `PATCH ${base}\n{"is_active": true}`,
    log: `GET ${base}/deliveries`,
    redeliver: `POST ${base}/deliveries/<delivery_id>/redeliver`,
  };
  const en: Copy = {
    lang: "en",
    dir: "ltr",
    greeting: `Hello ${input.partnerName},`,
    intro: `We disabled your webhook ${id} automatically after ${
      input.failures === 1 ? "1 failed delivery" : `${input.failures} consecutive failed deliveries`
    } to it.`,
    facts: [
      ["Webhook", id],
      ["URL", input.url],
      ["Disabled at", `${at} (UTC)`],
      ["Reason", input.reason],
      ["Last failed event", input.lastEventId],
    ],
    stopped: "Retries still pending for this webhook were stopped (they appear as " +
      '"cancelled" in the delivery log), and no new events are sent to it while it is disabled.',
    console: "Its page in the console shows the delivery log, sends a test event to check the " +
      "endpoint, and turns the webhook back on:",
    fix: "To turn it back on, fix the endpoint so that it answers with a 2xx status, then send:",
    log: "The delivery log lists every failed attempt with its status code and error:",
    redeliver: "To send an event again once the endpoint works:",
    signature: "Hire Platform",
  };
  const ar: Copy = {
    lang: "ar",
    dir: "rtl",
    greeting: `مرحباً ${input.partnerName}،`,
    intro: `أوقفنا الويب هوك ${id} تلقائياً بعد ${arabicFailures(input.failures)}.`,
    facts: [
      ["الويب هوك", id],
      ["العنوان (URL)", input.url],
      ["وقت الإيقاف", `${at} (UTC)`],
      ["السبب التقني", input.reason],
      ["آخر حدث فشل تسليمه", input.lastEventId],
    ],
    stopped: "أُوقفت إعادة المحاولات المعلّقة لهذا الويب هوك (تظهر بالحالة " +
      '"cancelled" في سجل التسليم)، ولن تُرسل إليه أحداث جديدة ما دام موقوفاً.',
    console: "تعرض صفحته في لوحة التحكم سجل التسليم، وتتيح إرسال حدث تجريبي لفحص نقطة " +
      "الاستقبال، وإعادة تفعيل الويب هوك:",
    fix: "لإعادة تفعيله، أصلحوا نقطة الاستقبال (endpoint) لتردّ برمز حالة 2xx، ثم أرسلوا:",
    log: "يعرض سجل التسليم كل محاولة فاشلة مع رمز الحالة والخطأ:",
    redeliver: "ولإعادة إرسال حدث بعد إصلاح نقطة الاستقبال:",
    signature: "منصة التوظيف (Hire Platform)",
  };
  return {
    subject: `Webhook disabled: ${id} | تم إيقاف الويب هوك`,
    text: `${toText(en, page, requests)}\n\n----------\n\n${toText(ar, page, requests)}\n`,
    html: toHtml(`Webhook disabled: ${id}`, [en, ar], page, requests),
  };
}

type Requests = Record<"fix" | "log" | "redeliver", string>;

function toText(c: Copy, page: string, r: Requests): string {
  const indent = (code: string) => code.replace(/^/gm, "    ");
  return [
    c.greeting,
    c.intro,
    c.facts.map(([label, value]) => `${label}: ${value}`).join("\n"),
    c.stopped,
    `${c.console}\n${indent(page)}`,
    `${c.fix}\n${indent(r.fix)}`,
    `${c.log}\n${indent(r.log)}`,
    `${c.redeliver}\n${indent(r.redeliver)}`,
    `— ${c.signature}`,
  ].join("\n\n");
}

function toHtml(title: string, copies: Copy[], page: string, r: Requests): string {
  // Technical values stay left-to-right inside the Arabic text.
  const ltr = (s: string) => `<code dir="ltr">${escapeHtml(s)}</code>`;
  const pre = (s: string) =>
    `<pre dir="ltr" style="background:#f4f4f4;padding:8px;text-align:left">${escapeHtml(s)}</pre>`;
  const section = (c: Copy) =>
    [
      `<div dir="${c.dir}" lang="${c.lang}">`,
      `<p>${escapeHtml(c.greeting)}</p>`,
      `<p>${escapeHtml(c.intro)}</p>`,
      "<table>",
      ...c.facts.map(([label, value]) =>
        `<tr><th>${escapeHtml(label)}</th><td>${ltr(value)}</td></tr>`
      ),
      "</table>",
      `<p>${escapeHtml(c.stopped)}</p>`,
      `<p>${escapeHtml(c.console)}</p>`,
      `<p dir="ltr"><a href="${escapeHtml(page)}">${escapeHtml(page)}</a></p>`,
      `<p>${escapeHtml(c.fix)}</p>`,
      pre(r.fix),
      `<p>${escapeHtml(c.log)}</p>`,
      pre(r.log),
      `<p>${escapeHtml(c.redeliver)}</p>`,
      pre(r.redeliver),
      `<p>— ${escapeHtml(c.signature)}</p>`,
      "</div>",
    ].join("\n");
  return [
    "<!doctype html>",
    '<html lang="en">',
    `<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family:Arial,Tahoma,sans-serif;line-height:1.5">',
    copies.map(section).join("\n<hr>\n"),
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

/** "after N failed deliveries" in Arabic, the counted noun agreeing with the number. */
function arabicFailures(n: number): string {
  if (n === 1) return "عملية تسليم واحدة فاشلة";
  if (n === 2) return "عمليتي تسليم فاشلتين متتاليتين";
  const digits = n.toLocaleString("ar-SA-u-nu-arab", { useGrouping: false });
  // 3–10 take a plural noun; 11 and above a singular one (the last two digits decide).
  const plural = n % 100 >= 3 && n % 100 <= 10;
  return plural ? `${digits} عمليات تسليم فاشلة متتالية` : `${digits} عملية تسليم فاشلة متتالية`;
}

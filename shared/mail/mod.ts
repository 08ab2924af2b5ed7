/**
 * E-mail behind one port: `Mailer` (`mailer.ts`) and its SMTP adapter (`smtp.ts`), configured
 * with `mailEnv`; `escapeHtml` for the HTML part of a message (`html.ts`). `testing/smtp_sink.ts` is the server development and tests send to.
 * @module
 */
export * from "./mailer.ts";
export * from "./smtp.ts";
export { escapeHtml } from "./html.ts";

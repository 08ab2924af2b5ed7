/**
 * Sends the e-mails queued in `mail_outbox` (written in the transaction that disabled a
 * webhook), retrying with backoff while the SMTP server refuses or is away. Without an
 * SMTP server configured, notices stay queued and are sent once one is.
 * @module
 */
import type { Sql } from "@hire/db";
import type { Logger } from "@hire/log";
import { type Mailer, MailError } from "@hire/mail";
import { lockDueMail, markMailFailed, markMailSent } from "@hire/tables";

/** E-mails one round sends at most. */
const BATCH = 20;

/** Delay before attempt `attempts + 1`: 30 s doubling to at most 1 h. */
export function mailBackoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** A running sender. */
export interface MailSender {
  wake(): void;
  stop(): Promise<void>;
}

/** Starts sending; `pollMs` bounds how late a retry or another process's mail is sent. */
export function startMailSender(
  deps: { sql: Sql; mailer: Mailer; log: Logger },
  opts: { pollMs: number },
): MailSender {
  let running = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<void> = Promise.resolve();

  const sendDue = () =>
    deps.sql.begin(async (tx) => {
      for (const mail of await lockDueMail(tx, BATCH)) {
        try {
          await deps.mailer.send({
            to: mail.recipients,
            subject: mail.subject,
            text: mail.text_body,
            ...(mail.html_body ? { html: mail.html_body } : {}),
          });
          await markMailSent(tx, mail.id);
          deps.log.info("mail sent", { mail_id: mail.id, subject: mail.subject });
        } catch (err) {
          // A refusal that cannot change (every recipient rejected, say) is not retried: it
          // stays in the table with its error for an operator.
          const permanent = err instanceof MailError && !err.retriable;
          const wait = mailBackoffMs(mail.attempts + 1);
          await markMailFailed(tx, {
            id: mail.id,
            error: String(err),
            retryInMs: permanent ? null : wait,
          });
          deps.log.warn(permanent ? "mail refused for good" : "mail not sent; will retry", {
            err,
            mail_id: mail.id,
            ...(permanent ? {} : { retry_in_ms: wait }),
          });
        }
      }
    });

  const run = () => {
    clearTimeout(timer);
    current = current.then(sendDue).catch((err) =>
      deps.log.warn("mail outbox unavailable; will retry", { err })
    ).finally(() => {
      clearTimeout(timer);
      if (running) timer = setTimeout(run, opts.pollMs);
    });
  };
  run();

  return {
    wake: run,
    async stop() {
      running = false;
      clearTimeout(timer);
      await current;
      clearTimeout(timer);
    },
  };
}

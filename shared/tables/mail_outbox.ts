/**
 * `mail_outbox`: the only code that writes it. E-mails written in the transaction that
 * decides them (the delivery service disabling a webhook queues its notice) and sent
 * afterwards, so a crash between the decision and the SMTP call loses none. The sender
 * locks what is due, marks each sent or failed with its next try. Retention: sent mail
 * as long as the delivery log it reports on (30 days); unsent mail stays.
 * @module
 */
import type { Sql, Tx } from "@hire/db";
import { DELIVERY_LOG_RETENTION_DAYS } from "./deliveries.ts";
import { daysBefore } from "./days_before.ts";

/** An e-mail to queue. */
export interface NewMail {
  recipients: string[];
  subject: string;
  text: string;
  html: string | null;
}

/** Queues an e-mail, due at once. */
export async function queueMail(tx: Tx, mail: NewMail): Promise<void> {
  await tx`
    INSERT INTO mail_outbox (recipients, subject, text_body, html_body)
    VALUES (${mail.recipients}, ${mail.subject}, ${mail.text}, ${mail.html})`;
}

/** A queued e-mail being sent. */
export interface QueuedMail {
  id: string;
  recipients: string[];
  subject: string;
  text_body: string;
  html_body: string | null;
  attempts: number;
}

/**
 * Locks up to `limit` unsent e-mails that are due, oldest first, until the transaction
 * ends; those another sender holds are skipped.
 */
export async function lockDueMail(tx: Tx, limit: number): Promise<QueuedMail[]> {
  return await tx<QueuedMail[]>`
    SELECT id, recipients, subject, text_body, html_body, attempts FROM mail_outbox
    WHERE sent_at IS NULL AND next_try_at <= now()
    ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
}

/** Marks an e-mail sent, counting the attempt. */
export async function markMailSent(tx: Tx, id: string): Promise<void> {
  await tx`UPDATE mail_outbox SET sent_at = now(), attempts = attempts + 1
           WHERE id = ${id}`;
}

/**
 * Records a failed attempt with its error; the next try is `retryInMs` from now, or never
 * (null) for a refusal that cannot change, which stays for an operator.
 */
export async function markMailFailed(
  tx: Tx,
  failure: { id: string; error: string; retryInMs: number | null },
): Promise<void> {
  const { retryInMs } = failure;
  await tx`
    UPDATE mail_outbox SET attempts = attempts + 1, last_error = ${failure.error},
      next_try_at = ${
    retryInMs === null ? tx`'infinity'` : tx`now() + ${retryInMs} * interval '1 millisecond'`
  }
    WHERE id = ${failure.id}`;
}

/** Deletes e-mails sent more than 30 days before `now`; returns how many. */
export async function purgeSentMail(sql: Sql, now: Date): Promise<number> {
  const rows = await sql`
    DELETE FROM mail_outbox WHERE sent_at < ${daysBefore(now, DELIVERY_LOG_RETENTION_DAYS)}`;
  return rows.count;
}

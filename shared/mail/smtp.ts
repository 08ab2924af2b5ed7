/**
 * The SMTP adapter (nodemailer) and its configuration. `smtps://` speaks TLS from the first
 * byte (port 465 by default); `smtp://` (587 by default) upgrades with STARTTLS whenever the
 * server offers it. One connection per message: the platform sends a few notices, not bulk.
 * @module
 */
import nodemailer from "nodemailer";
import type { NodemailerError } from "nodemailer";
import { z } from "zod";
import { type Mailer, MailError, type MailErrorOptions, type MailMessage } from "./mailer.ts";

// An exported but empty variable (`SMTP_URL=`) means "not set", as in most env files.
const unset = (v: unknown) => (v === "" ? undefined : v);

/** The mail variables, to spread into a service's schema (`z.object({ ...mailEnv })`). */
export const mailEnv = {
  /**
   * `smtp://user:pass@mail.example.sa:587` or `smtps://…:465`, credentials percent-encoded;
   * query parameters become nodemailer options (e.g. `?requireTLS=true`). Unset: no server,
   * the service decides what to do without one.
   */
  SMTP_URL: z.preprocess(
    unset,
    z.string().url()
      .refine((s) => /^smtps?:\/\//i.test(s), "use an smtp:// or smtps:// URL")
      .optional(),
  ),
  /** From header and envelope sender. */
  MAIL_FROM: z.preprocess(
    unset,
    z.string().regex(/@/, "give an address, e.g. Hire <no-reply@hire.example.sa>")
      .default("Hire Platform <no-reply@hire.example.sa>"),
  ),
};

/** Options of {@linkcode createSmtpMailer}. */
export interface SmtpMailerOptions {
  /** `smtp://…` or `smtps://…`, as `SMTP_URL`. */
  url: string;
  /** From header and envelope sender, e.g. `Hire Platform <no-reply@hire.example.sa>`. */
  from: string;
  /** How long connecting (DNS included) and then the server's greeting may take. Default 10 000. */
  timeoutMs?: number;
  /** How long the server may stay silent later in the conversation. Default 60 000. */
  socketTimeoutMs?: number;
}

/** Builds the mailer; nothing connects until `send`. Throws on a URL that is not SMTP. */
export function createSmtpMailer(opts: SmtpMailerOptions): Mailer {
  const where = describeServer(opts.url);
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const transport = nodemailer.createTransport({
    url: opts.url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: opts.socketTimeoutMs ?? 60_000,
  });
  const inFlight = new Set<Promise<void>>();
  let closed = false;

  async function deliver(message: MailMessage): Promise<void> {
    const fail = (why: string, options: MailErrorOptions): never => {
      throw new MailError(`mail to ${message.to.join(", ")} via ${where} failed: ${why}`, options);
    };
    if (message.to.length === 0) fail("no recipient", { retriable: false });
    let info;
    try {
      info = await transport.sendMail({
        from: opts.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    } catch (err) {
      const e = err as NodemailerError;
      return fail(reason(e), { retriable: isRetriable(e), rejected: e.rejected, cause: err });
    }
    // Some recipients refused, the others accepted: the message did reach those, so a retry
    // must address only `rejected`.
    if (info.rejected.length) {
      const errors = info.rejectedErrors ?? [];
      fail(
        `accepted for ${info.accepted.join(", ") || "none"}; ${
          rejectedReason(info.rejected, errors)
        }`,
        {
          retriable: errors.length > 0 && errors.every(isRetriable),
          rejected: info.rejected,
        },
      );
    }
  }

  return {
    send(message) {
      if (closed) {
        return Promise.reject(new MailError("mailer is closed", { retriable: false }));
      }
      const sending = deliver(message);
      const tracked = sending.then(() => {}, () => {}).finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
      return sending;
    },
    async close() {
      closed = true;
      await Promise.all(inFlight);
      transport.close();
    },
  };
}

/** `smtp://host:port` for messages: never the credentials. */
function describeServer(url: string): string {
  const u = new URL(url);
  const scheme = u.protocol.toLowerCase();
  if (scheme !== "smtp:" && scheme !== "smtps:") {
    throw new Error(`SMTP URL must start with smtp:// or smtps://, got ${scheme}//`);
  }
  return `${scheme}//${u.hostname}:${u.port || (scheme === "smtps:" ? 465 : 587)}`;
}

function reason(err: NodemailerError): string {
  const code = err.originalCode ?? err.code;
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || err.code === "EDNS") {
    return `host not found (${err.message})`;
  }
  if (err.code === "ETIMEDOUT") return `timed out (${err.message})`;
  if (err.code === "EAUTH" || err.code === "ENOAUTH") {
    return `authentication failed (${err.response ?? err.message})`;
  }
  if (err.code === "ETLS") return `TLS failed (${err.message})`;
  if (err.rejected?.length) return rejectedReason(err.rejected, err.rejectedErrors ?? []);
  return err.response ? `${err.message} (${err.response})` : err.message;
}

function rejectedReason(rejected: string[], errors: NodemailerError[]): string {
  const why = errors.map((e) => `${e.recipient ?? "?"}: ${e.response ?? e.message}`).join("; ");
  return `recipient rejected: ${why || rejected.join(", ")}`;
}

/** nodemailer marks an SMTP reply permanent or not; failures without one are mostly network. */
function isRetriable(err: NodemailerError): boolean {
  if (err.permanent !== undefined) return !err.permanent;
  if (err.rejectedErrors?.length) return err.rejectedErrors.every(isRetriable);
  return !["EAUTH", "ENOAUTH", "ECONFIG", "EENVELOPE", "EMESSAGE"].includes(err.code ?? "");
}

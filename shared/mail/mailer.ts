/**
 * The port every mail backend implements: hand a message to a server, say clearly when it
 * did not take it. Retrying is the caller's business (an outbox, a retry topic), never the
 * adapter's, so a send fails fast and says whether a later attempt may succeed.
 * @module
 */

/** A message to send; the adapter supplies the sender. */
export interface MailMessage {
  /** Addresses, e.g. `ops@partner.example.sa` or `Ops <ops@partner.example.sa>`; at least one. */
  to: string[];
  /** Plain UTF-8, any script: adapters encode it for the header. */
  subject: string;
  text: string;
  /** When set, the message is multipart/alternative: `text`, then this. */
  html?: string;
}

/** Sends e-mail. */
export interface Mailer {
  /** Resolves once the server accepted the message for every recipient; else a MailError. */
  send(message: MailMessage): Promise<void>;
  /** Waits for sends in flight, then releases connections; later sends reject. */
  close(): Promise<void>;
}

/** Options of {@linkcode MailError}. */
export interface MailErrorOptions extends ErrorOptions {
  /** Whether sending the same message later may succeed (network, timeout, 4xx). */
  retriable: boolean;
  /** Recipients the server refused; the others, if any, did get the message. */
  rejected?: string[];
}

/** A send that failed; the message says what failed and where, never with credentials. */
export class MailError extends Error {
  readonly retriable: boolean;
  readonly rejected: string[];
  constructor(message: string, options: MailErrorOptions) {
    super(message, options);
    this.name = "MailError";
    this.retriable = options.retriable;
    this.rejected = options.rejected ?? [];
  }
}

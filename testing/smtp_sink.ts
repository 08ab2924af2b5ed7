/**
 * A real SMTP server on loopback that keeps every message it accepts, for development (the
 * e-mails the platform sends land in `.local/mail` instead of anyone's inbox) and for the
 * mailer's contract test. No TLS, no authentication: it must never listen beyond 127.0.0.1.
 *
 * `deno run -A testing/smtp_sink.ts` runs it alone on `SMTP_SINK_PORT` (default 2525).
 * @module
 */
import { Buffer } from "node:buffer";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import * as mailparser from "mailparser";

// mailparser ships no types, and @types/mailparser pulls in an @types/node that would retype
// node:* for the whole workspace; this is the part of its API the sink uses.
interface ParsedMail {
  subject?: string;
  text?: string;
  html: string | false;
}
const simpleParser: (source: Uint8Array) => Promise<ParsedMail> = mailparser.simpleParser;

/** A message as the sink received it; `from` and `to` are the SMTP envelope's addresses. */
export interface ReceivedMail {
  from: string;
  /** Every RCPT TO, Bcc included, in the order the client sent them. */
  to: string[];
  /** Decoded (RFC 2047 words become UTF-8 text). */
  subject: string;
  /** The decoded text part; empty when the message has none. */
  text: string;
  /** The decoded HTML part, or null. */
  html: string | null;
  /** The message as transmitted: headers and encoded body. */
  raw: string;
}

/** A running sink. */
export interface SmtpSink {
  port: number;
  /** `smtp://127.0.0.1:<port>`, ready for `createSmtpMailer`. */
  url: string;
  /** A copy of the messages received so far, oldest first. */
  messages(): ReceivedMail[];
  /** Resolves with all messages once at least `n` have arrived; rejects after `timeoutMs` (5 s). */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Stops listening, closes open connections and rejects pending `waitFor`s. */
  stop(): Promise<void>;
}

/** Options of {@linkcode startSmtpSink}. */
export interface SmtpSinkOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** When set, each message is also written there as `<timestamp>-<n>.eml`. */
  dir?: string;
  /** Called once per message, after it is stored and before the client gets its 250. */
  onMessage?: (m: ReceivedMail) => void;
}

interface Waiter {
  n: number;
  resolve: (all: ReceivedMail[]) => void;
  reject: (err: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** Starts the sink on 127.0.0.1. */
export async function startSmtpSink(opts: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let waiters: Waiter[] = [];
  if (opts.dir) await Deno.mkdir(opts.dir, { recursive: true });

  const settle = () => {
    waiters = waiters.filter((w) => {
      if (received.length < w.n) return true;
      clearTimeout(w.timer);
      w.resolve([...received]);
      return false;
    });
  };

  const accept = async (bytes: Buffer, from: string, to: string[]) => {
    const parsed = await simpleParser(bytes);
    const mail: ReceivedMail = {
      from,
      to,
      subject: parsed.subject ?? "",
      text: parsed.text ?? "",
      html: typeof parsed.html === "string" ? parsed.html : null,
      raw: new TextDecoder().decode(bytes),
    };
    const n = received.length + 1;
    if (opts.dir) {
      // Colons are not allowed in Windows file names.
      const stamp = new Date().toISOString().replaceAll(":", "-");
      await Deno.writeFile(`${opts.dir}/${stamp}-${n}.eml`, bytes);
    }
    received.push(mail);
    opts.onMessage?.(mail);
    settle();
  };

  const server = new SMTPServer({
    authOptional: true,
    // AUTH is not offered, so a client whose URL carries credentials simply skips it.
    disabledCommands: ["STARTTLS", "AUTH"],
    // The reverse lookup of 127.0.0.1 would be a DNS query per connection for nothing.
    disableReverseLookup: true,
    logger: false,
    // stop() lets a client mid-message finish for a second, then hangs up (default 30 s).
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const envelope = session.envelope;
        const from = envelope.mailFrom ? envelope.mailFrom.address : "";
        accept(Buffer.concat(chunks), from, envelope.rcptTo.map((r) => r.address))
          .then(() => callback(), (err: Error) => callback(err));
      });
    },
  });

  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve((server.server.address() as AddressInfo).port);
    });
  });
  // After start-up, a connection's error (a client hanging up mid-message) must not crash
  // the process; the client sees it on its side.
  server.on("error", () => {});

  let stopped: Promise<void> | undefined;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages: () => [...received],
    waitFor(n, timeoutMs = 5_000) {
      if (received.length >= n) return Promise.resolve([...received]);
      if (stopped) return Promise.reject(new Error("the SMTP sink is stopped"));
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          n,
          resolve,
          reject,
          timer: setTimeout(() => {
            waiters = waiters.filter((w) => w !== waiter);
            reject(
              new Error(
                `expected ${n} messages within ${timeoutMs} ms, got ${received.length}`,
              ),
            );
          }, timeoutMs),
        };
        waiters.push(waiter);
      });
    },
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        for (const w of waiters) {
          clearTimeout(w.timer);
          w.reject(new Error("the SMTP sink stopped"));
        }
        waiters = [];
        server.close(() => resolve());
      });
      return stopped;
    },
  };
}

/** The one line `deno task dev` prints per message. */
export function describeMail(m: ReceivedMail): string {
  return `mail to ${m.to.join(", ")} : ${m.subject}`;
}

if (import.meta.main) {
  const dir = new URL("../.local/mail", import.meta.url).pathname;
  const sink = await startSmtpSink({
    port: Number(Deno.env.get("SMTP_SINK_PORT") ?? 2525),
    dir,
    onMessage: (m) => console.log(describeMail(m)),
  });
  console.log(`SMTP sink on ${sink.url}; messages in ${dir}`);
  Deno.addSignalListener("SIGINT", () => sink.stop().then(() => Deno.exit(0)));
}

import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { silentLogger } from "@hire/log";
import { createSmtpMailer, type Mailer, MailError } from "@hire/mail";
import { startSmtpSink } from "@hire/testing/smtp_sink.ts";
import { mailBackoffMs, startMailSender } from "./mail_sender.ts";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";

Deno.test("mail retries back off from 30 s, doubling, to at most an hour", () => {
  assert.deepEqual([1, 2, 3, 4].map(mailBackoffMs), [30_000, 60_000, 120_000, 240_000]);
  assert.equal(mailBackoffMs(20), 3_600_000);
});

const sql = connect(
  TEST_DATABASE_URL,
  { max: 3 },
);
Deno.test.afterAll(() => sql.end());

async function queue(subject: string): Promise<string> {
  const [row] = await sql<{ id: string }[]>`
    INSERT INTO mail_outbox (recipients, subject, text_body, html_body)
    VALUES (${["ops@partner.example.sa"]}, ${subject}, 'نص عربي and English', '<p>hi</p>')
    RETURNING id`;
  return row!.id;
}

async function state(id: string) {
  const [row] = await sql<
    { sent_at: Date | null; attempts: number; last_error: string | null; next_try_at: Date }[]
  >`SELECT sent_at, attempts, last_error, next_try_at FROM mail_outbox WHERE id = ${id}`;
  return row!;
}

async function until(f: () => Promise<boolean>) {
  for (let i = 0; i < 100 && !await f(); i++) await new Promise((r) => setTimeout(r, 50));
}

Deno.test("queued mail is sent through SMTP and marked sent", async () => {
  const sink = await startSmtpSink();
  const mailer = createSmtpMailer({ url: sink.url, from: "Hire <no-reply@hire.example.sa>" });
  const subject = `sent ${crypto.randomUUID()}`;
  const id = await queue(subject);
  const sender = startMailSender({ sql, mailer, log: silentLogger }, { pollMs: 60_000 });
  try {
    const [mail] = await sink.waitFor(1);
    assert.equal(mail!.subject, subject);
    assert.match(mail!.text, /نص عربي/);
    await until(async () => (await state(id)).sent_at !== null);
    assert.equal((await state(id)).attempts, 1);
  } finally {
    await sender.stop();
    await mailer.close();
    await sink.stop();
  }
});

Deno.test("a server that is away: the mail stays queued, retried later", async () => {
  const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = closed.addr.port;
  closed.close();
  const mailer = createSmtpMailer({
    url: `smtp://127.0.0.1:${port}`,
    from: "Hire <no-reply@hire.example.sa>",
    timeoutMs: 2000,
  });
  const id = await queue(`away ${crypto.randomUUID()}`);
  const sender = startMailSender({ sql, mailer, log: silentLogger }, { pollMs: 60_000 });
  try {
    await until(async () => (await state(id)).attempts > 0);
    const s = await state(id);
    assert.equal(s.sent_at, null);
    assert.equal(s.attempts, 1);
    assert.match(s.last_error!, /connection refused/);
    assert.ok(s.next_try_at.getTime() > Date.now() + 20_000, "retried after a backoff");
  } finally {
    await sender.stop();
    await mailer.close();
  }
});

Deno.test("a permanent refusal is not retried; the error stays for an operator", async () => {
  const refusing: Mailer = {
    send: () =>
      Promise.reject(
        new MailError("recipient rejected: ops@partner.example.sa", { retriable: false }),
      ),
    close: () => Promise.resolve(),
  };
  const id = await queue(`refused ${crypto.randomUUID()}`);
  const sender = startMailSender({ sql, mailer: refusing, log: silentLogger }, { pollMs: 60_000 });
  try {
    await until(async () => (await state(id)).attempts > 0);
    const s = await state(id);
    assert.equal(s.sent_at, null);
    assert.match(s.last_error!, /recipient rejected/);
    const [never] = await sql<{ never: boolean }[]>`
      SELECT next_try_at = 'infinity' AS never FROM mail_outbox WHERE id = ${id}`;
    assert.equal(never?.never, true);
  } finally {
    await sender.stop();
  }
});

import assert from "node:assert/strict";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";
import { z } from "zod";
import { startSmtpSink } from "@hire/testing/smtp_sink.ts";
import { MailError } from "./mailer.ts";
import { createSmtpMailer, mailEnv } from "./smtp.ts";

const FROM = "Hire Platform <no-reply@hire.example.sa>";

Deno.test("smtp mailer delivers a bilingual message to every recipient, Arabic intact", async () => {
  const sink = await startSmtpSink();
  const mailer = createSmtpMailer({ url: sink.url, from: FROM });
  try {
    await mailer.send({
      to: ["ops@partner.example.sa", "Tech Lead <tech@partner.example.sa>"],
      subject: "Webhook disabled: wh_01 | تم إيقاف الويب هوك",
      text: "Your webhook was disabled.\n\nتم إيقاف الويب هوك الخاص بكم بعد ٥ محاولات فاشلة.",
      html:
        '<p>Your webhook was disabled.</p><div dir="rtl" lang="ar"><p>تم إيقاف الويب هوك</p></div>',
    });
    const [mail, ...more] = await sink.waitFor(1);
    assert.equal(more.length, 0);
    assert.ok(mail);
    assert.equal(mail.from, "no-reply@hire.example.sa");
    assert.deepEqual(mail.to, ["ops@partner.example.sa", "tech@partner.example.sa"]);
    assert.equal(mail.subject, "Webhook disabled: wh_01 | تم إيقاف الويب هوك");
    assert.equal(
      mail.text.trim(),
      "Your webhook was disabled.\n\nتم إيقاف الويب هوك الخاص بكم بعد ٥ محاولات فاشلة.",
    );
    assert.match(mail.html ?? "", /<div dir="rtl" lang="ar"><p>تم إيقاف الويب هوك<\/p><\/div>/);
    // Headers are 7-bit on the wire: the Arabic subject travels as RFC 2047 UTF-8 words.
    assert.match(mail.raw, /^Subject: =\?UTF-8\?[BQ]\?/im);
    assert.match(mail.raw, /^From: Hire Platform <no-reply@hire\.example\.sa>/m);
    assert.match(mail.raw, /^Content-Type: multipart\/alternative;/m);
  } finally {
    await mailer.close();
    await sink.stop();
  }
});

Deno.test("smtp mailer sends text alone as a single text/plain part", async () => {
  const sink = await startSmtpSink();
  const mailer = createSmtpMailer({ url: sink.url, from: FROM });
  try {
    await mailer.send({ to: ["ops@partner.example.sa"], subject: "مرحبا", text: "نص فقط" });
    const [mail] = await sink.waitFor(1);
    assert.equal(mail?.subject, "مرحبا");
    assert.equal(mail?.text.trim(), "نص فقط");
    assert.equal(mail?.html, null);
    assert.match(mail?.raw ?? "", /^Content-Type: text\/plain; charset=utf-8/m);
  } finally {
    await mailer.close();
    await sink.stop();
  }
});

Deno.test("smtp mailer rejects with 'connection refused' when nothing listens, hiding credentials", async () => {
  const port = await closedPort();
  const mailer = createSmtpMailer({ url: `smtp://hire:s3cret@127.0.0.1:${port}`, from: FROM });
  try {
    const err = await sendError(mailer.send({ to: ["a@x.sa"], subject: "s", text: "t" }));
    assert.match(
      err.message,
      new RegExp(`via smtp://127\\.0\\.0\\.1:${port} failed: connection refused`),
    );
    assert.match(err.message, /a@x\.sa/);
    assert.doesNotMatch(err.message, /s3cret/);
    assert.equal(err.retriable, true);
  } finally {
    await mailer.close();
  }
});

Deno.test("smtp mailer gives up after timeoutMs on a server that never greets", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const held: Deno.Conn[] = [];
  const accepting = (async () => {
    for await (const conn of listener) held.push(conn);
  })();
  const mailer = createSmtpMailer({
    url: `smtp://127.0.0.1:${listener.addr.port}`,
    from: FROM,
    timeoutMs: 300,
  });
  try {
    const started = Date.now();
    const err = await sendError(mailer.send({ to: ["a@x.sa"], subject: "s", text: "t" }));
    assert.match(err.message, /failed: timed out/);
    assert.equal(err.retriable, true);
    assert.ok(Date.now() - started < 5_000, `took ${Date.now() - started} ms`);
  } finally {
    await mailer.close();
    listener.close();
    await accepting;
    for (const conn of held) conn.close();
  }
});

Deno.test("smtp mailer names refused recipients; partial refusal lists only those", async () => {
  const server = await startServer({
    onRcptTo(address, _session, callback) {
      if (!address.address.startsWith("nobody@")) return callback();
      const err = Object.assign(new Error("5.1.1 no such mailbox"), { responseCode: 550 });
      callback(err);
    },
  });
  const mailer = createSmtpMailer({ url: server.url, from: FROM });
  try {
    const all = await sendError(mailer.send({ to: ["nobody@x.sa"], subject: "s", text: "t" }));
    assert.match(all.message, /recipient rejected: nobody@x\.sa: 550 5\.1\.1 no such mailbox/);
    assert.deepEqual(all.rejected, ["nobody@x.sa"]);
    assert.equal(all.retriable, false);

    const some = await sendError(
      mailer.send({ to: ["ops@x.sa", "nobody@x.sa"], subject: "s", text: "t" }),
    );
    assert.match(some.message, /accepted for ops@x\.sa; recipient rejected: nobody@x\.sa: 550/);
    assert.deepEqual(some.rejected, ["nobody@x.sa"]);
    assert.equal(some.retriable, false);
  } finally {
    await mailer.close();
    await server.stop();
  }
});

Deno.test("smtp mailer reports an authentication failure as not retriable", async () => {
  const server = await startServer({
    allowInsecureAuth: true,
    onAuth(_auth, _session, callback) {
      callback(new Error("invalid credentials"));
    },
  });
  const url = server.url.replace("smtp://", "smtp://hire:s3cret@");
  const mailer = createSmtpMailer({ url, from: FROM });
  try {
    const err = await sendError(mailer.send({ to: ["a@x.sa"], subject: "s", text: "t" }));
    assert.match(err.message, /failed: authentication failed \(535 invalid credentials\)/);
    assert.doesNotMatch(err.message, /s3cret/);
    assert.equal(err.retriable, false);
  } finally {
    await mailer.close();
    await server.stop();
  }
});

Deno.test("smtp mailer refuses a message without recipients and any send after close", async () => {
  const mailer = createSmtpMailer({ url: "smtp://127.0.0.1:1", from: FROM });
  const none = await sendError(mailer.send({ to: [], subject: "s", text: "t" }));
  assert.match(none.message, /failed: no recipient/);
  await mailer.close();
  const late = await sendError(mailer.send({ to: ["a@x.sa"], subject: "s", text: "t" }));
  assert.match(late.message, /closed/);
});

Deno.test("createSmtpMailer refuses a URL that is not smtp:// or smtps://", () => {
  assert.throws(
    () => createSmtpMailer({ url: "http://mail.example.sa", from: FROM }),
    /smtp:\/\/ or smtps:\/\//,
  );
});

Deno.test("mailEnv defaults MAIL_FROM, leaves SMTP_URL unset, and accepts only SMTP URLs", () => {
  const schema = z.object(mailEnv);
  for (const env of [{}, { SMTP_URL: "", MAIL_FROM: "" }]) {
    const cfg = schema.parse(env);
    assert.equal(cfg.SMTP_URL, undefined);
    assert.equal(cfg.MAIL_FROM, FROM);
  }
  const url = "smtp://user:pa%40ss@mail.example.sa:587";
  assert.equal(schema.parse({ SMTP_URL: url }).SMTP_URL, url);
  assert.equal(
    schema.parse({ SMTP_URL: "smtps://mail.example.sa" }).SMTP_URL,
    "smtps://mail.example.sa",
  );
  for (const bad of ["http://mail.example.sa", "mail.example.sa:587"]) {
    assert.equal(schema.safeParse({ SMTP_URL: bad }).success, false, bad);
  }
  assert.equal(schema.safeParse({ MAIL_FROM: "no-reply" }).success, false);
});

async function sendError(sending: Promise<void>): Promise<MailError> {
  try {
    await sending;
  } catch (err) {
    assert.ok(err instanceof MailError, `expected a MailError, got ${err}`);
    return err;
  }
  assert.fail("expected the send to fail");
}

/** A port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = listener.addr.port;
  listener.close();
  await Promise.resolve();
  return port;
}

/** A plain SMTP server with test-specific handlers, for the failures the sink never causes. */
async function startServer(options: SMTPServerOptions) {
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    disableReverseLookup: true,
    authOptional: true,
    logger: false,
    closeTimeout: 1_000,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => callback());
    },
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

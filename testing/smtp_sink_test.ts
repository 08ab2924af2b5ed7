import assert from "node:assert/strict";
import { createSmtpMailer } from "@hire/mail";
import { describeMail, type ReceivedMail, startSmtpSink } from "./smtp_sink.ts";

const FROM = "Hire Platform <no-reply@hire.example.sa>";

Deno.test("smtp sink keeps each message, writes it to dir as .eml and reports it", async () => {
  const dir = await Deno.makeTempDir({ prefix: "smtp_sink_test_" });
  const seen: ReceivedMail[] = [];
  const sink = await startSmtpSink({ dir: `${dir}/mail`, onMessage: (m) => seen.push(m) });
  const mailer = createSmtpMailer({ url: sink.url, from: FROM });
  try {
    assert.equal(sink.url, `smtp://127.0.0.1:${sink.port}`);
    await mailer.send({ to: ["a@x.sa"], subject: "first | الأول", text: "one" });
    await mailer.send({
      to: ["b@x.sa", "c@x.sa"],
      subject: "second",
      text: "two",
      html: "<b>2</b>",
    });
    const all = await sink.waitFor(2);
    assert.deepEqual(all.map((m) => [m.to, m.subject, m.text.trim(), m.html]), [
      [["a@x.sa"], "first | الأول", "one", null],
      [["b@x.sa", "c@x.sa"], "second", "two", "<b>2</b>"],
    ]);
    assert.deepEqual(seen, all);
    assert.equal(describeMail(all[1]!), "mail to b@x.sa, c@x.sa : second");

    const files = [];
    for await (const entry of Deno.readDir(`${dir}/mail`)) files.push(entry.name);
    files.sort((a, b) =>
      Number(a.match(/-(\d+)\.eml$/)?.[1]) - Number(b.match(/-(\d+)\.eml$/)?.[1])
    );
    assert.equal(files.length, 2);
    for (const [i, name] of files.entries()) {
      assert.match(name, new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[\\d.-]+Z-${i + 1}\\.eml$`));
      assert.equal(await Deno.readTextFile(`${dir}/mail/${name}`), all[i]!.raw);
    }

    // messages() is a copy: the caller cannot change what the sink holds.
    sink.messages().pop();
    assert.equal(sink.messages().length, 2);
  } finally {
    await mailer.close();
    await sink.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("smtp sink waitFor rejects after its timeout, and stop rejects pending waits", async () => {
  const sink = await startSmtpSink();
  try {
    await assert.rejects(sink.waitFor(1, 50), /expected 1 messages within 50 ms, got 0/);
    const pending = assert.rejects(sink.waitFor(1, 10_000), /stopped/);
    await sink.stop();
    await pending;
    await assert.rejects(sink.waitFor(1), /stopped/);
  } finally {
    await sink.stop();
  }
});

Deno.test("smtp sink listens on 127.0.0.1 only", async () => {
  const sink = await startSmtpSink();
  try {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: sink.port });
    conn.close();
    // Another loopback address (routed to lo on Linux) must find nothing listening.
    await assert.rejects(Deno.connect({ hostname: "127.0.0.2", port: sink.port }));
  } finally {
    await sink.stop();
  }
});

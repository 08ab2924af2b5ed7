/**
 * A webhook's delivery log in the console: the table and its filters and pages, one
 * attempt's detail, resending and recovering, by role and partner.
 */
import assert from "node:assert/strict";
import { RECOVER_LIMIT, registerWebhook } from "@hire/accounts";
import { newId } from "@hire/ids";
import type { Actor } from "@hire/tables";
import { startTestConsole } from "@hire/testing/console_app.ts";
import { attrOf, type Element, elements, first, parseHtml, textOf } from "@hire/testing/html.ts";
import type { DeliveryOutcome, DeliveryTrigger, WebhookRow } from "@hire/webhooks";
import { riyadhDateTimeInput } from "../delivery_filters.ts";
import { webhooksText } from "../text/webhooks.ts";

const tc = await startTestConsole();
Deno.test.afterAll(() => tc.stop());

const operator: Actor = { kind: "operator" };
const LANGS = ["en", "ar"] as const;
const DAY_MS = 86_400_000;
const page = async (res: Response) => parseHtml(await res.text());

async function arrangeWebhook(partnerId: string): Promise<WebhookRow> {
  const made = await registerWebhook(tc.sql, {
    partnerId,
    actor: operator,
    fields: { url: "https://hooks.example.sa/in", events: ["job.created"], is_active: true },
    secrets: tc.deps.webhookSecrets,
  });
  if (typeof made === "string") throw new Error(made);
  return made;
}

/** One attempt in the log, as the delivery service would have left it. */
interface Attempt {
  status?: DeliveryOutcome;
  type?: string;
  trigger?: DeliveryTrigger;
  attempt?: number;
  statusCode?: number | null;
  durationMs?: number | null;
  error?: string | null;
  nextStep?: "retry" | "dead" | "none" | null;
  nextAttemptAt?: Date | null;
  createdAt?: Date;
  headers?: Record<string, string> | null;
  excerpt?: string | null;
}

async function arrangeAttempt(webhook: WebhookRow, a: Attempt = {}) {
  const eventId = newId("evt");
  const jobId = newId("job");
  const type = a.type ?? "job.created";
  const createdAt = a.createdAt ?? new Date();
  const envelope = JSON.stringify({
    id: eventId,
    type,
    created_at: createdAt.toISOString(),
    data: { job_id: jobId },
  });
  await tc.sql`
    INSERT INTO webhook_events (id, partner_id, job_id, type, envelope, created_at)
    VALUES (${eventId}, ${webhook.partner_id}, ${jobId}, ${type}, ${envelope}, ${createdAt})`;
  const id = newId("dlv");
  const status = a.status ?? "failed";
  await tc.sql`
    INSERT INTO webhook_deliveries
      (id, webhook_id, partner_id, event_id, event_type, job_id, attempt, trigger, status,
       status_code, duration_ms, error, next_step, next_attempt_at, request_headers,
       response_excerpt, created_at, attempted_at)
    VALUES (${id}, ${webhook.id}, ${webhook.partner_id}, ${eventId}, ${type}, ${jobId},
      ${a.attempt ?? 1}, ${a.trigger ?? "event"}, ${status},
      ${a.statusCode === undefined ? (status === "failed" ? 500 : 204) : a.statusCode},
      ${a.durationMs === undefined ? 42 : a.durationMs}, ${a.error ?? null},
      ${a.nextStep === undefined ? (status === "failed" ? "dead" : null) : a.nextStep},
      ${a.nextAttemptAt ?? null}, ${a.headers ? tc.sql.json(a.headers) : null},
      ${a.excerpt ?? null}, ${createdAt}, ${status === "pending" ? null : createdAt})`;
  return { id, eventId, envelope };
}

/** The delivery ids the table shows, in order. */
const shownIds = (doc: Element) =>
  elements(doc, "tbody").flatMap((tb) => elements(tb, "tr")).map((tr) => textOf(first(tr, "code")));

const changeForms = (doc: Element) =>
  elements(doc, "form").filter((f) =>
    attrOf(f, "method") === "post" && attrOf(f, "action") !== "/sign-out"
  );

/** A Riyadh calendar day as the date input sends it. */
const riyadhDay = (at: Date) => riyadhDateTimeInput(at).slice(0, 10);

Deno.test("the log lists every attempt with its columns, newest first, in English and Arabic", async () => {
  const p = await tc.partner();
  const webhook = await arrangeWebhook(p.partnerId);
  const older = await arrangeAttempt(webhook, {
    createdAt: new Date(Date.now() - 60_000),
    nextStep: "retry",
    nextAttemptAt: new Date(Date.now() + 300_000),
    statusCode: 503,
    durationMs: 1234,
  });
  const newer = await arrangeAttempt(webhook, { status: "succeeded", type: "job.deleted" });
  for (const lang of LANGS) {
    const t = webhooksText[lang];
    const res = await tc.get(`/webhooks/${webhook.id}/deliveries?lang=${lang}`, p.viewer);
    assert.equal(res.status, 200);
    const doc = await page(res);
    assert.equal(attrOf(first(doc, "html"), "dir"), lang === "ar" ? "rtl" : "ltr");
    assert.equal(textOf(first(doc, "h1")), t.deliveriesTitle);
    assert.deepEqual(elements(first(doc, "thead"), "th").map(textOf), [
      t.colDelivery,
      t.colEvent,
      t.colType,
      t.colAttempt,
      t.colTrigger,
      t.colOutcome,
      t.colStatus,
      t.colLatency,
      t.colNextRetry,
      t.colCreated,
    ]);
    assert.deepEqual(shownIds(doc), [newer.id, older.id]);
    const row = elements(first(doc, "tbody"), "tr")[1]!;
    const cells = elements(row, "td").map(textOf);
    assert.equal(cells[1], older.eventId);
    assert.equal(cells[2], "job.created");
    assert.equal(cells[3], "1");
    assert.equal(cells[5], lang === "ar" ? "فشلت" : "Failed");
    assert.equal(cells[6], "503");
    assert.equal(cells[7], t.milliseconds("1,234"));
    assert.ok(elements(row, "time").length === 2, "next retry and created");
    assert.equal(attrOf(first(row, "a"), "href"), `/webhooks/${webhook.id}/deliveries/${older.id}`);
  }
});

Deno.test("filters narrow the table: outcome, type, event id and Riyadh days", async () => {
  const p = await tc.partner();
  const webhook = await arrangeWebhook(p.partnerId);
  const now = new Date();
  const a = await arrangeAttempt(webhook, { status: "failed", type: "job.created" });
  const b = await arrangeAttempt(webhook, { status: "succeeded", type: "job.deleted" });
  const c = await arrangeAttempt(webhook, {
    status: "failed",
    type: "job.matched",
    createdAt: new Date(now.getTime() - 3 * DAY_MS),
  });
  const base = `/webhooks/${webhook.id}/deliveries`;
  const cases: [string, string[]][] = [
    ["", [b.id, a.id, c.id]],
    ["outcome=failed", [a.id, c.id]],
    ["event_type=job.deleted", [b.id]],
    [`event_id=${a.eventId}`, [a.id]],
    [`from=${riyadhDay(now)}`, [b.id, a.id]],
    [`to=${riyadhDay(new Date(now.getTime() - 3 * DAY_MS))}`, [c.id]],
    ["outcome=failed&event_type=job.deleted", []],
  ];
  for (const [query, ids] of cases) {
    const res = await tc.get(`${base}?${query}&lang=en`, p.developer);
    assert.equal(res.status, 200, query);
    const doc = await page(res);
    assert.deepEqual(shownIds(doc), ids, query);
    if (ids.length === 0) assert.ok(textOf(doc).includes(webhooksText.en.noMatches));
  }
  // The form keeps what was asked.
  const doc = await page(
    await tc.get(`${base}?outcome=failed&event_type=job.matched`, p.developer),
  );
  const selected = (name: string) =>
    elements(first(doc, "select", ["name", name]), "option")
      .filter((o) => attrOf(o, "selected") !== undefined).map((o) => attrOf(o, "value"));
  assert.deepEqual(selected("outcome"), ["failed"]);
  assert.deepEqual(selected("event_type"), ["job.matched"]);
});

Deno.test("filters that cannot be read answer 400 with what is wrong, in both languages", async () => {
  const p = await tc.partner();
  const webhook = await arrangeWebhook(p.partnerId);
  const cases: [string, keyof typeof webhooksText.en][] = [
    ["outcome=exploded", "badOutcome"],
    ["event_type=job.archived", "badEventType"],
    ["event_id=evt_nope", "badEventId"],
    ["from=2026-02-30", "badDate"],
    ["to=tomorrow", "badDate"],
    ["from=2026-03-02&to=2026-03-01", "badRange"],
    ["cursor=garbage", "badCursor"],
  ];
  for (const [query, key] of cases) {
    for (const lang of LANGS) {
      const t = webhooksText[lang];
      const res = await tc.get(
        `/webhooks/${webhook.id}/deliveries?${query}&lang=${lang}`,
        p.developer,
      );
      assert.equal(res.status, 400, query);
      const doc = await page(res);
      const alert = elements(doc, "div").find((d) => attrOf(d, "role") === "alert")!;
      assert.ok(textOf(alert).includes(t.filterErrors), query);
      assert.ok(textOf(alert).includes(t[key] as string), `${query} ${lang}`);
      assert.equal(elements(doc, "tbody").length, 0);
    }
  }
});

Deno.test("older pages follow by cursor with the filters kept, without gaps or repeats", async () => {
  const p = await tc.partner();
  const webhook = await arrangeWebhook(p.partnerId);
  await tc.sql`
    WITH ev AS (
      INSERT INTO webhook_events (id, partner_id, job_id, type, envelope, created_at)
      SELECT 'evt_' || upper(substr(md5(random()::text), 1, 26)), ${p.partnerId}, 'job_x',
             'job.created', '{}', now() - make_interval(secs => i)
      FROM generate_series(1, 60) AS i
      RETURNING id, created_at
    )
    INSERT INTO webhook_deliveries
      (id, webhook_id, partner_id, event_id, event_type, job_id, attempt, trigger, status,
       created_at)
    SELECT 'dlv_' || upper(substr(md5(random()::text), 1, 26)), ${webhook.id}, ${p.partnerId},
           id, 'job.created', 'job_x', 1, 'event', 'failed', created_at
    FROM ev`;
  await arrangeAttempt(webhook, { status: "succeeded" });
  const base = `/webhooks/${webhook.id}/deliveries`;
  const first_ = await page(await tc.get(`${base}?outcome=failed&lang=en`, p.viewer));
  const ids1 = shownIds(first_);
  assert.equal(ids1.length, 50);
  const older = elements(first_, "a").find((a) => textOf(a) === webhooksText.en.older)!;
  const href = attrOf(older, "href")!;
  assert.match(href, /^\/webhooks\/wh_\w+\/deliveries\?outcome=failed&cursor=/);
  const second = await page(await tc.get(`${href}&lang=en`, p.viewer));
  const ids2 = shownIds(second);
  assert.equal(ids2.length, 10);
  assert.equal(new Set([...ids1, ids2].flat()).size, 60);
  assert.equal(elements(second, "a").some((a) => textOf(a) === webhooksText.en.older), false);
  const newest = elements(second, "a").find((a) => textOf(a) === webhooksText.en.newest)!;
  assert.equal(attrOf(newest, "href"), `${base}?outcome=failed`);
});

Deno.test("one attempt's page shows the request as sent and the response excerpt, escaped", async () => {
  const p = await tc.partner();
  const webhook = await arrangeWebhook(p.partnerId);
  const excerpt = '<script>alert("x")</script> شكرًا، تم الاستلام';
  const attempt = await arrangeAttempt(webhook, {
    statusCode: 500,
    durationMs: 87,
    nextStep: "retry",
    nextAttemptAt: new Date(Date.now() + 600_000),
    headers: {
      "Content-Type": "application/json",
      "X-Service-Signature": "t=1767225600,v1=abc123",
      "X-Service-Delivery-Id": "dlv_01ARZ3NDEKTSV4RRFFQ69G5FAV",
    },
    excerpt,
  });
  for (const lang of LANGS) {
    const t = webhooksText[lang];
    const res = await tc.get(
      `/webhooks/${webhook.id}/deliveries/${attempt.id}?lang=${lang}`,
      p.viewer,
    );
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("refresh"), null, "made: no refreshing");
    const html = await res.text();
    assert.equal(html.includes("<script>alert"), false);
    const doc = parseHtml(html);
    assert.equal(attrOf(first(doc, "html"), "lang"), lang);
    const [headers, body] = elements(doc, "pre");
    assert.equal(attrOf(headers!, "dir"), "ltr");
    assert.ok(textOf(headers!).includes("X-Service-Signature: t=1767225600,v1=abc123"));
    assert.equal(attrOf(body!, "dir"), "ltr");
    assert.deepEqual(JSON.parse(textOf(body!)), JSON.parse(attempt.envelope));
    const pretty = JSON.stringify(JSON.parse(attempt.envelope), null, 2).replaceAll('"', "&quot;");
    assert.ok(html.includes(pretty), "indented for reading");
    const shown = first(doc, "div", ["class", "wh-excerpt"]);
    assert.equal(attrOf(shown, "dir"), "auto");
    assert.equal(textOf(shown), excerpt);
    assert.ok(textOf(doc).includes(t.milliseconds("87")));
    assert.ok(textOf(doc).includes("500"));
    assert.ok(textOf(doc).includes(attempt.eventId));
    assert.equal(changeForms(doc).length, 0, "a viewer cannot resend");
  }
  const dev = await page(
    await tc.get(`/webhooks/${webhook.id}/deliveries/${attempt.id}`, p.developer),
  );
  assert.deepEqual(changeForms(dev).map((f) => attrOf(f, "action")), [
    `/webhooks/${webhook.id}/deliveries/${attempt.id}/resend`,
  ]);
});

Deno.test("Resend queues a new attempt of the same event and opens it; a paused webhook refuses with a notice", async () => {
  const p = await tc.partner();
  const webhook = await arrangeWebhook(p.partnerId);
  const attempt = await arrangeAttempt(webhook, { status: "failed", attempt: 3 });
  const res = await tc.post(
    `/webhooks/${webhook.id}/deliveries/${attempt.id}/resend`,
    {},
    p.developer,
  );
  assert.equal(res.status, 303);
  const location = res.headers.get("location")!;
  const id = new RegExp(`^/webhooks/${webhook.id}/deliveries/(dlv_\\w{26})\\?done=resent$`)
    .exec(location)?.[1];
  assert.ok(id, location);
  const [queued] = await tc.sql`
    SELECT event_id, attempt, trigger, status FROM webhook_deliveries WHERE id = ${id}`;
  assert.deepEqual({ ...queued }, {
    event_id: attempt.eventId,
    attempt: 4,
    trigger: "redeliver",
    status: "pending",
  });
  const [audit] = await tc.sql`
    SELECT actor_kind, actor_id, actor_label FROM audit_log
    WHERE partner_id = ${p.partnerId} AND action = 'webhook.redelivered'`;
  assert.deepEqual({ ...audit }, {
    actor_kind: "user",
    actor_id: p.developer.id,
    actor_label: p.developer.email,
  });
  const shown = await tc.get(`${location}&lang=ar`, p.developer);
  assert.equal(shown.headers.get("refresh"), "2");
  assert.ok(textOf(await page(shown)).includes(webhooksText.ar.doneResent));

  // A list row's button posts the same.
  const list = await page(await tc.get(`/webhooks/${webhook.id}/deliveries`, p.developer));
  assert.ok(
    changeForms(list).some((f) =>
      attrOf(f, "action") === `/webhooks/${webhook.id}/deliveries/${attempt.id}/resend`
    ),
  );

  await tc.sql`UPDATE webhooks SET is_active = false WHERE id = ${webhook.id}`;
  for (const lang of LANGS) {
    const refused = await tc.post(
      `/webhooks/${webhook.id}/deliveries/${attempt.id}/resend?lang=${lang}`,
      {},
      p.developer,
    );
    assert.equal(refused.status, 409);
    const doc = await page(refused);
    const alert = elements(doc, "div").find((d) => attrOf(d, "role") === "alert")!;
    assert.equal(textOf(alert), webhooksText[lang].inactiveRefusal);
  }
  const rows = await tc.sql`SELECT 1 FROM webhook_deliveries WHERE webhook_id = ${webhook.id}`;
  assert.equal(rows.length, 2);
});

Deno.test("Recover shows how many failed deliveries it would resend, then resends them", async () => {
  const p = await tc.partner();
  const webhook = await arrangeWebhook(p.partnerId);
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
  const failed = [
    await arrangeAttempt(webhook, { createdAt: hoursAgo(2) }),
    await arrangeAttempt(webhook, { createdAt: hoursAgo(3) }),
    await arrangeAttempt(webhook, { status: "cancelled", createdAt: hoursAgo(4) }),
  ];
  // Not resent: a retry still to come, a success, a test event, and one before "since".
  await arrangeAttempt(webhook, {
    nextStep: "retry",
    nextAttemptAt: new Date(),
    createdAt: hoursAgo(2),
  });
  await arrangeAttempt(webhook, { status: "succeeded", createdAt: hoursAgo(2) });
  await arrangeAttempt(webhook, { trigger: "test", nextStep: "none", createdAt: hoursAgo(2) });
  await arrangeAttempt(webhook, { createdAt: hoursAgo(48) });
  const since = riyadhDateTimeInput(hoursAgo(24));
  const base = `/webhooks/${webhook.id}/deliveries`;

  const list = await page(await tc.get(`${base}?lang=en`, p.developer));
  const form = elements(list, "form").find((f) => attrOf(f, "action") === `${base}/recover`)!;
  assert.equal(attrOf(form, "method"), "get");
  assert.equal(attrOf(first(form, "input", ["name", "since"]), "type"), "datetime-local");

  for (const lang of LANGS) {
    const t = webhooksText[lang];
    const res = await tc.get(`${base}/recover?since=${since}&lang=${lang}`, p.developer);
    assert.equal(res.status, 200);
    const doc = await page(res);
    assert.equal(textOf(first(doc, "h1")), t.recoverConfirmTitle);
    assert.ok(
      textOf(first(doc, "p", ["class", "wh-count"])).startsWith(
        lang === "ar" ? "سيُعاد إرسال 3 " : "3 failed events",
      ),
    );
    const [confirm] = changeForms(doc);
    assert.equal(attrOf(confirm!, "action"), `${base}/recover`);
    assert.equal(attrOf(first(confirm!, "input", ["name", "since"]), "value"), since);
  }
  // The count changed nothing.
  assert.equal(
    (await tc.sql`SELECT 1 FROM webhook_deliveries WHERE webhook_id = ${webhook.id}`).length,
    7,
  );

  const res = await tc.post(`${base}/recover`, { since }, p.developer);
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), `${base}?done=recovered&count=3`);
  const resent = await tc.sql`
    SELECT event_id FROM webhook_deliveries
    WHERE webhook_id = ${webhook.id} AND trigger = 'redeliver' AND status = 'pending'`;
  assert.deepEqual(
    resent.map((r) => r.event_id).sort(),
    failed.map((f) => f.eventId).sort(),
  );
  const [audit] = await tc.sql`
    SELECT actor_id, detail FROM audit_log
    WHERE partner_id = ${p.partnerId} AND action = 'webhook.recovered'`;
  assert.equal(audit?.actor_id, p.developer.id);
  assert.equal(audit?.detail.count, 3);
  const done = await page(await tc.get(`${base}?done=recovered&count=3&lang=ar`, p.developer));
  assert.ok(textOf(done).includes(webhooksText.ar.recovered("3")));

  // Now nothing is left to resend.
  const again = await page(await tc.get(`${base}/recover?since=${since}&lang=en`, p.developer));
  assert.ok(textOf(again).includes(webhooksText.en.recoverNothing));
  assert.deepEqual(
    elements(again, "button").filter((b) => textOf(b) === webhooksText.en.recoverGo),
    [],
  );
});

Deno.test("Recover over 1,000 failed events says it is capped; a bad time is a 400 form; a paused webhook refuses", async () => {
  const p = await tc.partner();
  const webhook = await arrangeWebhook(p.partnerId);
  await tc.sql`
    WITH ev AS (
      INSERT INTO webhook_events (id, partner_id, job_id, type, envelope, created_at)
      SELECT 'evt_' || upper(substr(md5(random()::text), 1, 26)), ${p.partnerId}, 'job_x',
             'job.created', '{}', now() - interval '1 hour'
      FROM generate_series(1, ${RECOVER_LIMIT + 1})
      RETURNING id, created_at
    )
    INSERT INTO webhook_deliveries
      (id, webhook_id, partner_id, event_id, event_type, job_id, attempt, trigger, status,
       next_step, created_at)
    SELECT 'dlv_' || upper(substr(md5(random()::text), 1, 26)), ${webhook.id}, ${p.partnerId},
           id, 'job.created', 'job_x', 1, 'event', 'failed', 'dead', created_at
    FROM ev`;
  const base = `/webhooks/${webhook.id}/deliveries`;
  const since = riyadhDateTimeInput(new Date(Date.now() - 2 * 3_600_000));
  for (const lang of LANGS) {
    const t = webhooksText[lang];
    const doc = await page(await tc.get(`${base}/recover?since=${since}&lang=${lang}`, p.admin));
    assert.ok(textOf(first(doc, "p", ["class", "wh-count"])).includes("1,000"));
    assert.ok(textOf(doc).includes(t.recoverCapped("1,000")));
  }

  const tooOld = riyadhDateTimeInput(new Date(Date.now() - 40 * DAY_MS));
  for (const bad of ["yesterday", tooOld, ""]) {
    for (const lang of LANGS) {
      const res = await tc.get(`${base}/recover?since=${bad}&lang=${lang}`, p.admin);
      assert.equal(res.status, 400, bad);
      const doc = await page(res);
      assert.equal(
        textOf(first(doc, "p", ["id", "since-error"])),
        webhooksText[lang].badSince("30"),
      );
    }
    assert.equal((await tc.post(`${base}/recover`, { since: bad }, p.admin)).status, 400);
  }

  await tc.sql`UPDATE webhooks SET is_active = false WHERE id = ${webhook.id}`;
  for (const lang of LANGS) {
    const res = await tc.get(`${base}/recover?since=${since}&lang=${lang}`, p.admin);
    assert.equal(res.status, 409);
    assert.ok(textOf(await page(res)).includes(webhooksText[lang].inactiveRefusal));
  }
  assert.equal((await tc.post(`${base}/recover`, { since }, p.admin)).status, 409);
  const resent = await tc.sql`
    SELECT 1 FROM webhook_deliveries WHERE webhook_id = ${webhook.id} AND trigger = 'redeliver'`;
  assert.equal(resent.length, 0);
});

Deno.test("a viewer reads the log without forms; resend and recover answer 403", async () => {
  const p = await tc.partner();
  const webhook = await arrangeWebhook(p.partnerId);
  const attempt = await arrangeAttempt(webhook);
  const base = `/webhooks/${webhook.id}/deliveries`;
  const doc = await page(await tc.get(base, p.viewer));
  assert.deepEqual(shownIds(doc), [attempt.id]);
  assert.deepEqual(changeForms(doc), []);
  assert.equal(elements(doc, "form").some((f) => attrOf(f, "action") === `${base}/recover`), false);
  const since = riyadhDateTimeInput(new Date(Date.now() - DAY_MS));
  for (
    const res of [
      await tc.post(`${base}/${attempt.id}/resend`, {}, p.viewer),
      await tc.get(`${base}/recover?since=${since}`, p.viewer),
      await tc.post(`${base}/recover`, { since }, p.viewer),
    ]
  ) assert.equal(res.status, 403);
  const rows = await tc.sql`SELECT 1 FROM webhook_deliveries WHERE webhook_id = ${webhook.id}`;
  assert.equal(rows.length, 1);
});

Deno.test("another partner's webhook or delivery id answers 404 in every URL and form", async () => {
  const p = await tc.partner();
  const other = await tc.partner();
  const mine = await arrangeWebhook(p.partnerId);
  const myAttempt = await arrangeAttempt(mine);
  const theirs = await arrangeWebhook(other.partnerId);
  const theirAttempt = await arrangeAttempt(theirs, { excerpt: "their-private-excerpt" });
  const since = riyadhDateTimeInput(new Date(Date.now() - DAY_MS));
  const pairs: [string, string][] = [
    [theirs.id, theirAttempt.id],
    [theirs.id, myAttempt.id],
    [mine.id, theirAttempt.id],
    [mine.id, "dlv_01ARZ3NDEKTSV4RRFFQ69G5FAV"],
    [mine.id, "evt_01ARZ3NDEKTSV4RRFFQ69G5FAV"],
  ];
  for (const [webhookId, deliveryId] of pairs) {
    const base = `/webhooks/${webhookId}/deliveries`;
    const responses = [
      await tc.get(`${base}/${deliveryId}`, p.developer),
      await tc.post(`${base}/${deliveryId}/resend`, {}, p.developer),
    ];
    if (webhookId === theirs.id) {
      responses.push(
        await tc.get(base, p.developer),
        await tc.get(`${base}/recover?since=${since}`, p.developer),
        await tc.post(`${base}/recover`, { since }, p.developer),
      );
    }
    for (const res of responses) {
      assert.equal(res.status, 404, `${webhookId} ${deliveryId}`);
      assert.equal((await res.text()).includes("their-private-excerpt"), false);
    }
  }
  const resent = await tc.sql`SELECT 1 FROM webhook_deliveries WHERE trigger = 'redeliver'
    AND webhook_id IN (${mine.id}, ${theirs.id})`;
  assert.equal(resent.length, 0);
});

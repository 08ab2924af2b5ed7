/**
 * The webhooks pages: the list, registering (the secret once), one webhook's page and its
 * changes, test events, the plan gate, roles and other partners' ids.
 */
import assert from "node:assert/strict";
import { MAX_WEBHOOKS_PER_PARTNER, registerWebhook } from "@hire/accounts";
import { fieldError } from "@hire/errors";
import { EVENT_TYPES } from "@hire/jobs";
import type { Actor } from "@hire/tables";
import { BASE_URL, startTestConsole, type TestUser } from "@hire/testing/console_app.ts";
import { attrOf, type Element, elements, first, parseHtml, textOf } from "@hire/testing/html.ts";
import { isWebhookSecret, openStoredSecret } from "@hire/webhooks";
import { webhooksText } from "../text/webhooks.ts";

const tc = await startTestConsole();
Deno.test.afterAll(() => tc.stop());

const operator: Actor = { kind: "operator" };
const LANGS = ["en", "ar"] as const;
const page = async (res: Response) => parseHtml(await res.text());

/** Registers a webhook through the domain, as the API would. */
async function arrange(partnerId: string, url = "https://hooks.example.sa/in") {
  const made = await registerWebhook(tc.sql, {
    partnerId,
    actor: operator,
    fields: { url, events: ["job.created", "job.deleted"], is_active: true },
    secrets: tc.deps.webhookSecrets,
  });
  if (typeof made === "string") throw new Error(made);
  return made;
}

/** A form post with repeated fields (the event checkboxes), as a browser sends it. */
function postPairs(path: string, pairs: [string, string][], user: TestUser) {
  return Promise.resolve(tc.app.request(`${BASE_URL}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: BASE_URL,
      "sec-fetch-site": "same-origin",
      cookie: user.cookie,
    },
    body: new URLSearchParams([["_csrf", user.csrf], ...pairs]),
  }));
}

const eventPairs = (events: readonly string[]) =>
  events.map((e): [string, string] => ["events", e]);

/** The forms that change something (the header's sign-out form aside). */
const changeForms = (doc: Element) =>
  elements(doc, "form").filter((f) =>
    attrOf(f, "method") === "post" && attrOf(f, "action") !== "/sign-out"
  );

/** The latest audit entry of `action` on `target`. */
async function audited(partnerId: string, action: string, target: string) {
  const [row] = await tc.sql<{ actor_kind: string; actor_id: string; actor_label: string }[]>`
    SELECT actor_kind, actor_id, actor_label, detail::text AS detail FROM audit_log
    WHERE partner_id = ${partnerId} AND action = ${action} AND target_id = ${target}
    ORDER BY created_at DESC LIMIT 1`;
  return row;
}

function assertAuditedBy(row: Awaited<ReturnType<typeof audited>>, user: TestUser) {
  assert.ok(row, "audited");
  assert.deepEqual([row.actor_kind, row.actor_id, row.actor_label], ["user", user.id, user.email]);
}

async function webhookCount(partnerId: string): Promise<number> {
  const rows = await tc.sql`SELECT 1 FROM webhooks WHERE partner_id = ${partnerId}`;
  return rows.length;
}

const shownSecret = (doc: Element) =>
  attrOf(elements(doc, "input").find((i) => attrOf(i, "class") === "secret")!, "value")!;

Deno.test("the list shows the partner's webhooks with URL, events, state and created, in English and Arabic", async () => {
  const p = await tc.partner();
  const other = await tc.partner();
  const active = await arrange(p.partnerId, "https://hooks.example.sa/active");
  const paused = await arrange(p.partnerId, "https://hooks.example.sa/paused");
  const disabled = await arrange(p.partnerId, "https://hooks.example.sa/disabled");
  await tc.sql`UPDATE webhooks SET is_active = false WHERE id = ${paused.id}`;
  await tc.sql`
    UPDATE webhooks SET is_active = false, disabled_at = now(),
      disabled_reason = '5 consecutive failures; last: HTTP 503'
    WHERE id = ${disabled.id}`;
  const theirs = await arrange(other.partnerId, "https://theirs.example.sa/secret-path");

  for (const lang of LANGS) {
    const t = webhooksText[lang];
    const res = await tc.get(`/webhooks?lang=${lang}`, p.viewer);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "no-store");
    const doc = await page(res);
    assert.equal(attrOf(first(doc, "html"), "lang"), lang);
    assert.equal(attrOf(first(doc, "html"), "dir"), lang === "ar" ? "rtl" : "ltr");
    assert.equal(textOf(first(doc, "h1")), t.title);
    assert.deepEqual(elements(first(doc, "thead"), "th").map(textOf), [
      t.url,
      t.events,
      t.state,
      t.created,
    ]);
    const rows = elements(first(doc, "tbody"), "tr");
    assert.equal(rows.length, 3);
    const rowOf = (id: string) =>
      rows.find((tr) => attrOf(first(tr, "a"), "href") === `/webhooks/${id}`)!;
    const url = first(rowOf(active.id), "bdi");
    assert.equal(attrOf(url, "dir"), "ltr");
    assert.equal(textOf(url), "https://hooks.example.sa/active");
    assert.deepEqual(elements(rowOf(active.id), "code").map(textOf), [
      "job.created",
      "job.deleted",
    ]);
    assert.ok(textOf(rowOf(active.id)).includes(t.stateActive));
    assert.ok(textOf(rowOf(paused.id)).includes(t.statePaused));
    assert.ok(textOf(rowOf(disabled.id)).includes(t.stateDisabled));
    assert.ok(textOf(rowOf(disabled.id)).includes("5 consecutive failures; last: HTTP 503"));
    assert.equal(
      attrOf(first(rowOf(active.id), "time"), "datetime"),
      active.created_at.toISOString(),
    );
    const html = await tc.get(`/webhooks?lang=${lang}`, p.viewer).then((r) => r.text());
    assert.equal(html.includes(theirs.id), false);
    assert.equal(html.includes("secret-path"), false);
  }
});

Deno.test("registering shows the secret once, keeps it sealed, and audits the person", async () => {
  const p = await tc.partner();
  for (const [user, lang] of [[p.developer, "en"], [p.admin, "ar"]] as const) {
    const url = `https://hooks.example.sa/${user.role}`;
    const res = await postPairs(
      `/webhooks?lang=${lang}`,
      [["url", ` ${url} `], ...eventPairs(["job.matched", "job.created"])],
      user,
    );
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "no-store");
    const doc = await page(res);
    assert.equal(attrOf(first(doc, "html"), "lang"), lang);
    assert.equal(textOf(first(doc, "h1")), webhooksText[lang].createdTitle);
    const secret = shownSecret(doc);
    assert.ok(isWebhookSecret(secret));
    assert.ok(textOf(doc).includes(webhooksText[lang].secretWarning));
    assert.ok(
      elements(doc, "h2").some((h) => attrOf(h, "id") === "signing-title"),
      "how to verify",
    );

    const [row] = await tc.sql`
      SELECT w.*, row_to_json(w)::text AS whole FROM webhooks w
      WHERE partner_id = ${p.partnerId} AND url = ${url}`;
    assert.ok(row);
    assert.deepEqual(row.events, ["job.created", "job.matched"]);
    assert.equal(row.is_active, true);
    assert.equal(row.secret, null);
    assert.equal(row.whole.includes(secret), false);
    const opened = await openStoredSecret(row as never, {
      box: tc.deps.webhookSecrets,
      slot: "current",
    });
    assert.equal(opened, secret, "sealed, and opens to the secret shown");
    const audit = await audited(p.partnerId, "webhook.created", row.id);
    assertAuditedBy(audit, user);

    const link = elements(doc, "a").find((a) => attrOf(a, "href") === `/webhooks/${row.id}`);
    assert.ok(link, "a way to the webhook");
    const again = await tc.get(`/webhooks/${row.id}`, user).then((r) => r.text());
    assert.ok(again.includes(url));
    assert.equal(again.includes(secret), false, "never shown again");
    assert.equal((await tc.get("/webhooks", user).then((r) => r.text())).includes(secret), false);
  }
});

Deno.test("a refused registration shows bilingual field errors beside the fields, 422", async () => {
  const p = await tc.partner();
  const cases: [[string, string][], string, ReturnType<typeof fieldError>][] = [
    [[["url", ""], ...eventPairs(["job.created"])], "url", fieldError("/url", "required")],
    [
      [["url", "http://hooks.example.sa/"], ...eventPairs(["job.created"])],
      "url",
      fieldError("/url", "not_https"),
    ],
    [
      [["url", "https://user:pw@hooks.example.sa/"], ...eventPairs(["job.created"])],
      "url",
      fieldError("/url", "url_credentials"),
    ],
    [
      [["url", "https://hooks.example.sa/"]],
      "events",
      fieldError("/events", "too_few_items", {
        min: 1,
      }),
    ],
    [
      [["url", "https://hooks.example.sa/"], ...eventPairs(["job.created", "job.exploded"])],
      "events",
      fieldError("/events", "invalid_enum", { allowed: [...EVENT_TYPES] }),
    ],
  ];
  for (const [form, field, expected] of cases) {
    for (const lang of LANGS) {
      const res = await postPairs(`/webhooks?lang=${lang}`, form, p.developer);
      assert.equal(res.status, 422, JSON.stringify(form));
      const doc = await page(res);
      const error = first(doc, "p", ["id", `${field}-error`]);
      assert.equal(textOf(error), lang === "ar" ? expected.messageAr : expected.message);
      if (field === "url") {
        assert.equal(attrOf(first(doc, "input", ["name", "url"]), "aria-invalid"), "true");
        // What was typed is kept.
        assert.equal(attrOf(first(doc, "input", ["name", "url"]), "value"), form[0]![1]);
      }
    }
  }
  assert.equal(await webhookCount(p.partnerId), 0);
});

Deno.test("the 21st webhook is refused on the page with the limit, in both languages", async () => {
  const p = await tc.partner();
  for (let i = 0; i < MAX_WEBHOOKS_PER_PARTNER; i++) {
    await arrange(p.partnerId, `https://hooks.example.sa/${i}`);
  }
  for (const lang of LANGS) {
    const res = await postPairs(
      `/webhooks?lang=${lang}`,
      [["url", "https://hooks.example.sa/one-more"], ...eventPairs(["job.created"])],
      p.admin,
    );
    assert.equal(res.status, 409);
    const doc = await page(res);
    const notice = elements(doc, "div").find((d) => attrOf(d, "role") === "alert")!;
    assert.equal(textOf(notice), webhooksText[lang].limitReached(String(MAX_WEBHOOKS_PER_PARTNER)));
    assert.equal(
      attrOf(first(doc, "input", ["name", "url"]), "value"),
      "https://hooks.example.sa/one-more",
    );
  }
});

Deno.test("the webhook's page shows URL, events and state in both languages; a viewer gets no forms", async () => {
  const p = await tc.partner();
  const row = await arrange(p.partnerId);
  for (const lang of LANGS) {
    const t = webhooksText[lang];
    const dev = await page(await tc.get(`/webhooks/${row.id}?lang=${lang}`, p.developer));
    assert.equal(attrOf(first(dev, "html"), "lang"), lang);
    assert.equal(textOf(first(dev, "h1")), t.webhookTitle);
    assert.ok(textOf(dev).includes(row.url));
    assert.ok(textOf(dev).includes(t.stateActive));
    assert.deepEqual(changeForms(dev).map((f) => attrOf(f, "action")), [
      `/webhooks/${row.id}/pause`,
      `/webhooks/${row.id}/test`,
      `/webhooks/${row.id}/edit`,
    ]);
    const checked = elements(dev, "input").filter((i) =>
      attrOf(i, "name") === "events" && attrOf(i, "checked") !== undefined
    );
    assert.deepEqual(checked.map((i) => attrOf(i, "value")), ["job.created", "job.deleted"]);
    assert.deepEqual(
      elements(first(dev, "select", ["name", "event_type"]), "option").map(textOf),
      [...EVENT_TYPES],
    );

    const viewer = await page(await tc.get(`/webhooks/${row.id}?lang=${lang}`, p.viewer));
    assert.deepEqual(changeForms(viewer), []);
    assert.ok(textOf(viewer).includes(t.readOnly));
    assert.ok(textOf(viewer).includes(row.url));
  }
});

Deno.test("editing the URL and events saves them and audits the change; a bad edit is a 422 page", async () => {
  const p = await tc.partner();
  const row = await arrange(p.partnerId);
  const res = await postPairs(
    `/webhooks/${row.id}/edit`,
    [["url", "https://new.example.sa/hook"], ...eventPairs(["job.updated"])],
    p.developer,
  );
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), `/webhooks/${row.id}?done=updated`);
  const [after] = await tc.sql`SELECT url, events FROM webhooks WHERE id = ${row.id}`;
  assert.deepEqual({ ...after }, { url: "https://new.example.sa/hook", events: ["job.updated"] });
  assertAuditedBy(await audited(p.partnerId, "webhook.updated", row.id), p.developer);
  const shown = await page(await tc.get(`/webhooks/${row.id}?done=updated&lang=ar`, p.developer));
  assert.ok(textOf(shown).includes(webhooksText.ar.doneUpdated));

  for (const lang of LANGS) {
    const bad = await postPairs(
      `/webhooks/${row.id}/edit?lang=${lang}`,
      [["url", "ftp://new.example.sa/"]],
      p.developer,
    );
    assert.equal(bad.status, 422);
    const doc = await page(bad);
    const expected = fieldError("/url", "not_https");
    assert.equal(
      textOf(first(doc, "p", ["id", "url-error"])),
      lang === "ar" ? expected.messageAr : expected.message,
    );
    assert.ok(first(doc, "p", ["id", "events-error"]));
  }
  const [unchanged] = await tc.sql`SELECT url FROM webhooks WHERE id = ${row.id}`;
  assert.equal(unchanged?.url, "https://new.example.sa/hook");
});

Deno.test("pause and resume switch sending off and on, audited with the person", async () => {
  const p = await tc.partner();
  const row = await arrange(p.partnerId);
  const paused = await tc.post(`/webhooks/${row.id}/pause`, {}, p.admin);
  assert.equal(paused.status, 303);
  assert.equal(paused.headers.get("location"), `/webhooks/${row.id}?done=paused`);
  assert.equal(
    (await tc.sql`SELECT is_active FROM webhooks WHERE id = ${row.id}`)[0]?.is_active,
    false,
  );
  assertAuditedBy(await audited(p.partnerId, "webhook.paused", row.id), p.admin);
  for (const lang of LANGS) {
    const t = webhooksText[lang];
    const doc = await page(await tc.get(`/webhooks/${row.id}?done=paused&lang=${lang}`, p.admin));
    assert.ok(textOf(doc).includes(t.donePaused));
    assert.ok(textOf(doc).includes(t.pausedText));
    assert.ok(changeForms(doc).some((f) => attrOf(f, "action") === `/webhooks/${row.id}/resume`));
  }

  const resumed = await tc.post(`/webhooks/${row.id}/resume`, {}, p.developer);
  assert.equal(resumed.headers.get("location"), `/webhooks/${row.id}?done=resumed`);
  assert.equal(
    (await tc.sql`SELECT is_active FROM webhooks WHERE id = ${row.id}`)[0]?.is_active,
    true,
  );
  assertAuditedBy(await audited(p.partnerId, "webhook.resumed", row.id), p.developer);
});

Deno.test("a disabled webhook shows the failure that disabled it, and Re-enable brings it back", async () => {
  const p = await tc.partner();
  const row = await arrange(p.partnerId);
  const reason = "10 consecutive failures; last: HTTP 500 <html>";
  await tc.sql`
    UPDATE webhooks SET is_active = false, disabled_at = now() - interval '1 hour',
      disabled_reason = ${reason}, consecutive_failures = 10
    WHERE id = ${row.id}`;
  const [disabled] = await tc.sql<{ disabled_at: Date }[]>`
    SELECT disabled_at FROM webhooks WHERE id = ${row.id}`;
  for (const lang of LANGS) {
    const t = webhooksText[lang];
    const doc = await page(await tc.get(`/webhooks/${row.id}?lang=${lang}`, p.developer));
    const banner = first(doc, "section", ["class", "wh-disabled"]);
    assert.equal(textOf(first(banner, "h2")), t.disabledTitle);
    assert.ok(textOf(banner).includes(reason), "the reason, escaped and shown as written");
    assert.equal(attrOf(first(banner, "time"), "datetime"), disabled!.disabled_at.toISOString());
    const button = first(first(banner, "form"), "button");
    assert.equal(textOf(button), t.reEnable);
    assert.equal(attrOf(first(banner, "form"), "action"), `/webhooks/${row.id}/resume`);
    // A viewer sees why, and no button.
    const viewer = await page(await tc.get(`/webhooks/${row.id}?lang=${lang}`, p.viewer));
    assert.ok(textOf(viewer).includes(reason));
    assert.deepEqual(changeForms(viewer), []);
  }

  const res = await tc.post(`/webhooks/${row.id}/resume`, {}, p.developer);
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), `/webhooks/${row.id}?done=enabled`);
  const [after] = await tc.sql`
    SELECT is_active, disabled_at, disabled_reason, consecutive_failures FROM webhooks
    WHERE id = ${row.id}`;
  assert.deepEqual({ ...after }, {
    is_active: true,
    disabled_at: null,
    disabled_reason: null,
    consecutive_failures: 0,
  });
  assertAuditedBy(await audited(p.partnerId, "webhook.re_enabled", row.id), p.developer);
  const doc = await page(await tc.get(`/webhooks/${row.id}?done=enabled&lang=en`, p.developer));
  assert.ok(textOf(doc).includes(webhooksText.en.doneEnabled));
  assert.equal(elements(doc, "section").some((s) => attrOf(s, "class") === "wh-disabled"), false);
});

Deno.test("rotating asks first, then shows the new secret once with the 24-hour overlap", async () => {
  const p = await tc.partner();
  const row = await arrange(p.partnerId);
  for (const lang of LANGS) {
    const t = webhooksText[lang];
    const confirm = await page(
      await tc.get(`/webhooks/${row.id}/rotate?lang=${lang}`, p.developer),
    );
    assert.equal(textOf(first(confirm, "h1")), t.rotateTitle);
    assert.ok(textOf(confirm).includes(t.rotateText));
    assert.deepEqual(changeForms(confirm).map((f) => attrOf(f, "action")), [
      `/webhooks/${row.id}/rotate`,
    ]);
  }

  const res = await tc.post(`/webhooks/${row.id}/rotate?lang=ar`, {}, p.developer);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "no-store");
  const doc = await page(res);
  const secret = shownSecret(doc);
  assert.ok(isWebhookSecret(secret));
  assert.notEqual(secret, row.secret);
  const [after] = await tc.sql`
    SELECT w.*, row_to_json(w)::text AS whole FROM webhooks w WHERE id = ${row.id}`;
  const open = (slot: "current" | "previous") =>
    openStoredSecret(after as never, { box: tc.deps.webhookSecrets, slot });
  assert.equal(await open("current"), secret);
  assert.equal(await open("previous"), row.secret, "the old secret signs beside it");
  assert.equal(after?.whole.includes(secret), false);
  const hours = (after!.previous_secret_until.getTime() - Date.now()) / 3_600_000;
  assert.ok(hours > 23.9 && hours <= 24, `${hours}`);
  assert.ok(textOf(doc).includes(webhooksText.ar.overlapUntil));
  assert.ok(
    elements(doc, "time").some((e) =>
      attrOf(e, "datetime") === after!.previous_secret_until.toISOString()
    ),
  );
  assertAuditedBy(await audited(p.partnerId, "webhook.secret_rotated", row.id), p.developer);

  const detail = await tc.get(`/webhooks/${row.id}?lang=en`, p.developer).then((r) => r.text());
  assert.equal(detail.includes(secret), false);
  assert.ok(detail.includes(webhooksText.en.previousSecretUntil));
});

Deno.test("deleting asks first, then removes the webhook and audits it", async () => {
  const p = await tc.partner();
  const row = await arrange(p.partnerId);
  for (const lang of LANGS) {
    const confirm = await page(await tc.get(`/webhooks/${row.id}/delete?lang=${lang}`, p.admin));
    assert.equal(textOf(first(confirm, "h1")), webhooksText[lang].deleteConfirmTitle);
    const [form] = changeForms(confirm);
    assert.equal(attrOf(form!, "action"), `/webhooks/${row.id}/delete`);
    assert.equal(attrOf(first(form!, "button"), "class"), "danger");
  }
  const res = await tc.post(`/webhooks/${row.id}/delete`, {}, p.admin);
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/webhooks?done=deleted");
  assert.equal((await tc.sql`SELECT 1 FROM webhooks WHERE id = ${row.id}`).length, 0);
  assertAuditedBy(await audited(p.partnerId, "webhook.deleted", row.id), p.admin);
  const list = await page(await tc.get("/webhooks?done=deleted&lang=ar", p.admin));
  assert.ok(textOf(list).includes(webhooksText.ar.doneDeleted));
  assert.equal((await tc.get(`/webhooks/${row.id}`, p.admin)).status, 404);
});

Deno.test("a test event queues a 'test' delivery and opens its page, pending and refreshing itself", async () => {
  const p = await tc.partner();
  const row = await arrange(p.partnerId);
  // Sent to a paused webhook too: it is how an endpoint is checked before turning it on.
  await tc.sql`UPDATE webhooks SET is_active = false WHERE id = ${row.id}`;
  const res = await tc.post(`/webhooks/${row.id}/test`, { event_type: "job.matched" }, p.developer);
  assert.equal(res.status, 303);
  const location = res.headers.get("location")!;
  const match = new RegExp(`^/webhooks/${row.id}/deliveries/(dlv_[0-9A-Z]{26})\\?done=test$`)
    .exec(location);
  assert.ok(match, location);
  const [delivery] = await tc.sql`
    SELECT d.trigger, d.status, d.event_type, e.envelope FROM webhook_deliveries d
    JOIN webhook_events e ON e.id = d.event_id WHERE d.id = ${match[1]!}`;
  assert.deepEqual(
    [delivery?.trigger, delivery?.status, delivery?.event_type],
    ["test", "pending", "job.matched"],
  );
  assertAuditedBy(await audited(p.partnerId, "webhook.test_sent", row.id), p.developer);

  for (const lang of LANGS) {
    const t = webhooksText[lang];
    const shown = await tc.get(`${location}&lang=${lang}`, p.developer);
    assert.equal(shown.status, 200);
    assert.equal(shown.headers.get("refresh"), "2");
    const doc = await page(shown);
    assert.ok(textOf(doc).includes(t.doneTestQueued));
    assert.ok(textOf(doc).includes(t.pendingText));
    const body = elements(doc, "pre").map(textOf).find((pre) => pre.includes('"type"'));
    assert.deepEqual(JSON.parse(body!), JSON.parse(delivery!.envelope));
  }
  // Only the four types.
  const bad = await tc.post(`/webhooks/${row.id}/test`, { event_type: "job.exploded" }, p.admin);
  assert.equal(bad.status, 400);
});

Deno.test("a viewer sees no forms on any webhook page and every change answers 403", async () => {
  const p = await tc.partner();
  const row = await arrange(p.partnerId);
  const list = await page(await tc.get("/webhooks", p.viewer));
  assert.deepEqual(changeForms(list), []);
  assert.ok(textOf(list).includes(webhooksText.en.readOnly));
  const id = row.id;
  for (
    const res of [
      await postPairs(
        "/webhooks",
        [["url", "https://x.example.sa/"], ["events", "job.created"]],
        p.viewer,
      ),
      await postPairs(`/webhooks/${id}/edit`, [["url", "https://x.example.sa/"]], p.viewer),
      await tc.post(`/webhooks/${id}/pause`, {}, p.viewer),
      await tc.post(`/webhooks/${id}/resume`, {}, p.viewer),
      await tc.post(`/webhooks/${id}/test`, { event_type: "job.created" }, p.viewer),
      await tc.get(`/webhooks/${id}/rotate`, p.viewer),
      await tc.post(`/webhooks/${id}/rotate`, {}, p.viewer),
      await tc.get(`/webhooks/${id}/delete`, p.viewer),
      await tc.post(`/webhooks/${id}/delete`, {}, p.viewer),
    ]
  ) assert.equal(res.status, 403);
  const [after] = await tc
    .sql`SELECT url, is_active, secret_ciphertext FROM webhooks WHERE id = ${id}`;
  assert.equal(after?.url, row.url);
  assert.equal(after?.is_active, true);
  assert.equal(await webhookCount(p.partnerId), 1);
  const deliveries = await tc.sql`SELECT 1 FROM webhook_deliveries WHERE webhook_id = ${id}`;
  assert.equal(deliveries.length, 0);
});

Deno.test("another partner's webhook, an unknown or a malformed id answer 404 in every URL and change nothing", async () => {
  const p = await tc.partner();
  const other = await tc.partner();
  const theirs = await arrange(other.partnerId, "https://theirs.example.sa/hook");
  for (
    const id of [
      theirs.id,
      "wh_01ARZ3NDEKTSV4RRFFQ69G5FAV",
      "wh_x",
      "key_01ARZ3NDEKTSV4RRFFQ69G5FAV",
    ]
  ) {
    for (
      const res of [
        await tc.get(`/webhooks/${id}`, p.developer),
        await tc.get(`/webhooks/${id}/rotate`, p.developer),
        await tc.get(`/webhooks/${id}/delete`, p.developer),
        await postPairs(`/webhooks/${id}/edit`, [["url", "https://x.example.sa/"], [
          "events",
          "job.created",
        ]], p.developer),
        await tc.post(`/webhooks/${id}/pause`, {}, p.developer),
        await tc.post(`/webhooks/${id}/resume`, {}, p.developer),
        await tc.post(`/webhooks/${id}/test`, { event_type: "job.created" }, p.developer),
        await tc.post(`/webhooks/${id}/rotate`, {}, p.developer),
        await tc.post(`/webhooks/${id}/delete`, {}, p.developer),
      ]
    ) {
      assert.equal(res.status, 404, id);
      assert.equal((await res.text()).includes("theirs.example.sa"), false);
    }
  }
  const [after] = await tc.sql`
    SELECT url, is_active, previous_secret_until FROM webhooks WHERE id = ${theirs.id}`;
  assert.deepEqual({ ...after }, {
    url: "https://theirs.example.sa/hook",
    is_active: true,
    previous_secret_until: null,
  });
  const audit = await tc.sql`
    SELECT 1 FROM audit_log WHERE target_id = ${theirs.id} AND actor_kind = 'user'`;
  assert.equal(audit.length, 0);
});

Deno.test("a Sandbox partner gets a page explaining that webhooks are not in its plan", async () => {
  const p = await tc.partner("sandbox");
  const row = await arrange(p.partnerId);
  for (const lang of LANGS) {
    const t = webhooksText[lang];
    for (const path of ["/webhooks", `/webhooks/${row.id}`, `/webhooks/${row.id}/deliveries`]) {
      const res = await tc.get(`${path}?lang=${lang}`, p.admin);
      assert.equal(res.status, 403, path);
      const doc = await page(res);
      assert.equal(attrOf(first(doc, "html"), "dir"), lang === "ar" ? "rtl" : "ltr");
      assert.equal(textOf(first(doc, "h1")), t.gateTitle);
      assert.ok(textOf(doc).includes(t.gateText));
      assert.deepEqual(changeForms(doc), []);
      assert.equal(textOf(doc).includes(row.url), false);
    }
  }
  const res = await postPairs(
    "/webhooks",
    [["url", "https://x.example.sa/"], ["events", "job.created"]],
    p.admin,
  );
  assert.equal(res.status, 403);
  assert.equal((await tc.post(`/webhooks/${row.id}/pause`, {}, p.admin)).status, 403);
  assert.equal(await webhookCount(p.partnerId), 1);
});

/** The API keys pages: listing, creating, rolling and revoking keys, by role and partner. */
import assert from "node:assert/strict";
import { createKey, listKeys, MAX_KEY_NAME_LENGTH, MAX_LIVE_KEYS } from "@hire/accounts";
import { hashApiKey } from "@hire/partners";
import { findKeyOwner } from "@hire/tables";
import { BASE_URL, startTestConsole, type TestUser } from "@hire/testing/console_app.ts";
import { attrOf, type Element, elements, first, parseHtml, textOf } from "@hire/testing/html.ts";
import { keysText, rollExpiryNames } from "../text/keys.ts";

const tc = await startTestConsole();
Deno.test.afterAll(() => tc.stop());

const operator = { kind: "operator" } as const;

async function newKey(partnerId: string, name: string) {
  const issued = await createKey(tc.sql, { partnerId, name, actor: operator });
  if (typeof issued === "string") throw new Error(issued);
  return issued;
}

const page = async (res: Response) => parseHtml(await res.text());

/** The key's table row, by the key's id. */
const rowOf = (doc: Element, id: string) =>
  elements(doc, "tr").find((tr) => attrOf(tr, "id") === id);

/** The key a SecretOnce shows. */
const shownKey = (doc: Element) =>
  attrOf(elements(doc, "input").find((i) => attrOf(i, "class") === "secret")!, "value")!;

/** Seconds from Postgres's now to the key's expiry. */
async function secondsLeft(keyId: string): Promise<number> {
  const [row] = await tc.sql<{ s: number }[]>`
    SELECT extract(epoch FROM expires_at - now())::float8 AS s FROM api_keys WHERE id = ${keyId}`;
  return row!.s;
}

Deno.test("the list shows the partner's keys only, with name, prefix and dates, in English and Arabic", async () => {
  const p = await tc.partner();
  const other = await tc.partner();
  const used = await newKey(p.partnerId, "خادم الإنتاج");
  await tc
    .sql`UPDATE api_keys SET last_used_at = now() - interval '1 hour' WHERE id = ${used.key.id}`;
  const theirs = await newKey(other.partnerId, "Their key");
  const [first_] = await listKeys(tc.sql, p.partnerId).then((keys) => keys.slice(-1));

  for (const lang of ["en", "ar"] as const) {
    const t = keysText[lang];
    const res = await tc.get(`/keys?lang=${lang}`, p.viewer);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "no-store");
    const doc = await page(res);
    assert.equal(attrOf(first(doc, "html"), "lang"), lang);
    assert.equal(attrOf(first(doc, "html"), "dir"), lang === "ar" ? "rtl" : "ltr");
    assert.equal(textOf(first(doc, "h1")), t.title);
    const headers = elements(first(doc, "thead"), "th").map(textOf);
    assert.deepEqual(headers, [t.name, t.prefix, t.created, t.lastUsed, t.expires, t.state]);

    const usedRow = rowOf(doc, used.key.id)!;
    assert.ok(textOf(usedRow).includes("خادم الإنتاج"));
    assert.equal(textOf(first(usedRow, "code")), `${used.key.prefix}…`);
    const times = elements(usedRow, "time").map((e) => attrOf(e, "datetime"));
    assert.deepEqual(times.slice(0, 2), [
      used.key.created_at.toISOString(),
      (await listKeys(tc.sql, p.partnerId)).find((k) => k.id === used.key.id)!.last_used_at!
        .toISOString(),
    ]);
    assert.ok(textOf(usedRow).includes(t.stateActive));
    assert.ok(textOf(usedRow).includes(t.noExpiry));

    const firstRow = rowOf(doc, first_!.id)!;
    assert.ok(textOf(firstRow).includes("Default key"));
    assert.ok(textOf(firstRow).includes(lang === "ar" ? "أبدًا" : "Never"), "never used");

    const html = await tc.get(`/keys?lang=${lang}`, p.viewer).then((r) => r.text());
    assert.equal(html.includes(theirs.key.prefix), false);
    assert.equal(html.includes("Their key"), false);
    assert.equal(rowOf(doc, theirs.key.id), undefined);
  }
});

Deno.test("creating a key shows it once, keeps only its hash, and the key authenticates", async () => {
  const p = await tc.partner();
  for (const user of [p.developer, p.admin]) {
    const name = `CI runner ${user.role}`;
    const res = await tc.post("/keys?lang=en", { name: `  ${name} ` }, user);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "no-store");
    const doc = await page(res);
    const apiKey = shownKey(doc);
    assert.match(apiKey, /^hk_live_[A-Za-z0-9_-]{43}$/);
    assert.ok(textOf(doc).includes(keysText.en.secretWarning));
    const pres = elements(doc, "pre").map(textOf);
    assert.ok(pres.includes(`Authorization: Bearer ${apiKey}`));
    assert.ok(pres.some((pre) => pre.includes(`curl -s "${tc.deps.apiBaseUrl}/v1/partner/jobs`)));
    assert.ok(elements(doc, "pre").every((pre) => attrOf(pre, "dir") === "ltr"));

    const owner = await findKeyOwner(tc.sql, apiKey);
    assert.equal(owner?.partnerId, p.partnerId);
    const [row] = await tc.sql`
      SELECT name, encode(key_hash, 'hex') AS hash, row_to_json(k)::text AS whole
      FROM api_keys k WHERE id = ${owner!.keyId}`;
    assert.equal(row?.name, name);
    assert.equal(row?.hash, await hashApiKey(apiKey));
    assert.equal(row?.whole.includes(apiKey), false);
    const [audit] = await tc.sql`
      SELECT actor_id, detail::text AS detail FROM audit_log
      WHERE partner_id = ${p.partnerId} AND action = 'key.created' AND target_id = ${owner!.keyId}`;
    assert.equal(audit?.actor_id, user.id);
    assert.equal(audit?.detail.includes(apiKey), false);

    // Shown once: the list names the key but never shows it again.
    const list = await tc.get("/keys", user).then((r) => r.text());
    assert.ok(list.includes(name));
    assert.ok(list.includes(`${apiKey.slice(0, 14)}…`));
    assert.equal(list.includes(apiKey), false);
  }
});

Deno.test("rolling now stops the old key at once; rolling with an overlap keeps both working until then", async () => {
  const p = await tc.partner();
  const form = await tc.get(`/keys/${(await newKey(p.partnerId, "Form")).key.id}/roll`, p.admin);
  assert.equal(form.status, 200);
  const radios = elements(await page(form), "input").filter((i) => attrOf(i, "type") === "radio");
  assert.deepEqual(radios.map((r) => attrOf(r, "value")), ["now", "1h", "24h", "7d"]);

  const old = await newKey(p.partnerId, "Mobile backend");
  const res = await tc.post(`/keys/${old.key.id}/roll`, { expires_in: "now" }, p.developer);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "no-store");
  const doc = await page(res);
  const successor = shownKey(doc);
  assert.ok(textOf(doc).includes(keysText.en.oldKeyStopped));
  assert.equal(await findKeyOwner(tc.sql, old.apiKey), undefined);
  const owner = await findKeyOwner(tc.sql, successor);
  assert.equal(owner?.partnerId, p.partnerId);
  assert.equal(owner?.expiresAt, null);
  const keys = await listKeys(tc.sql, p.partnerId);
  assert.equal(keys.find((k) => k.id === old.key.id)?.state, "expired");
  assert.equal(keys.find((k) => k.id === owner!.keyId)?.name, "Mobile backend");

  for (const [choice, seconds] of [["1h", 3_600], ["7d", 604_800]] as const) {
    const before = await newKey(p.partnerId, `Overlap ${choice}`);
    const rolled = await tc.post(`/keys/${before.key.id}/roll`, { expires_in: choice }, p.admin);
    assert.equal(rolled.status, 200);
    const rolledDoc = await page(rolled);
    const next = shownKey(rolledDoc);
    assert.ok(textOf(rolledDoc).includes(keysText.en.oldKeyUntil));
    const left = await secondsLeft(before.key.id);
    assert.ok(Math.abs(left - seconds) < 60, `${choice}: ${left} s left`);
    assert.equal((await findKeyOwner(tc.sql, before.apiKey))?.keyId, before.key.id);
    assert.equal((await findKeyOwner(tc.sql, next))?.partnerId, p.partnerId);
    // The list says until when the old key works.
    const row = rowOf(await page(await tc.get("/keys", p.admin)), before.key.id)!;
    assert.ok(textOf(row).includes(keysText.en.stateExpiring));
  }

  // Rolling the rolled key again never lengthens its life.
  const shortly = await newKey(p.partnerId, "Shortly");
  await tc.post(`/keys/${shortly.key.id}/roll`, { expires_in: "1h" }, p.admin);
  const again = await tc.get(`/keys/${shortly.key.id}/roll`, p.admin);
  assert.ok(textOf(await page(again)).includes(keysText.en.alreadyExpiring));
  await tc.post(`/keys/${shortly.key.id}/roll`, { expires_in: "7d" }, p.admin);
  assert.ok(await secondsLeft(shortly.key.id) < 3_600);
});

Deno.test("a roll without a valid choice is refused on the page and changes nothing", async () => {
  const p = await tc.partner();
  const key = await newKey(p.partnerId, "Unchanged");
  for (const lang of ["en", "ar"] as const) {
    for (const form of [{}, { expires_in: "2h" }] as Record<string, string>[]) {
      const res = await tc.post(`/keys/${key.key.id}/roll?lang=${lang}`, form, p.admin);
      assert.equal(res.status, 400);
      const doc = await page(res);
      assert.equal(textOf(first(doc, "p", ["class", "field-error"])), keysText[lang].rollChoose);
      assert.ok(textOf(doc).includes(rollExpiryNames[lang]["24h"]));
    }
  }
  const keys = await listKeys(tc.sql, p.partnerId);
  assert.equal(keys.length, 2);
  assert.equal(keys.find((k) => k.id === key.key.id)?.state, "active");
});

Deno.test("revoking asks first with the key's name and prefix, then stops the key at once", async () => {
  const p = await tc.partner();
  const key = await newKey(p.partnerId, "Staging");
  const confirm = await tc.get(`/keys/${key.key.id}/revoke`, p.developer);
  assert.equal(confirm.status, 200);
  const doc = await page(confirm);
  assert.equal(textOf(first(doc, "h1")), keysText.en.revokeTitle);
  assert.ok(textOf(doc).includes("Staging"));
  assert.ok(textOf(doc).includes(`${key.key.prefix}…`));
  const form = elements(doc, "form").find((f) => attrOf(f, "action")?.startsWith("/keys/"));
  assert.equal(attrOf(form!, "action"), `/keys/${key.key.id}/revoke`);
  assert.equal(attrOf(form!, "method"), "post");
  // Looking is not revoking.
  assert.ok(await findKeyOwner(tc.sql, key.apiKey));

  const res = await tc.post(`/keys/${key.key.id}/revoke`, {}, p.developer);
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/keys?done=revoked");
  assert.equal(await findKeyOwner(tc.sql, key.apiKey), undefined);
  const list = await page(await tc.get("/keys?done=revoked&lang=ar", p.developer));
  assert.ok(textOf(first(list, "div", ["role", "status"])).includes(keysText.ar.revoked));
  const row = rowOf(list, key.key.id)!;
  assert.ok(textOf(row).includes(keysText.ar.stateRevoked));
  assert.equal(elements(row, "a").length, 0, "a revoked key has no actions");

  // Revoked is final: neither page nor form works on it any more.
  assert.equal((await tc.get(`/keys/${key.key.id}/revoke`, p.developer)).status, 404);
  assert.equal((await tc.post(`/keys/${key.key.id}/revoke`, {}, p.developer)).status, 404);
  assert.equal((await tc.get(`/keys/${key.key.id}/roll`, p.developer)).status, 404);
  const [audit] = await tc.sql`
    SELECT actor_id FROM audit_log WHERE action = 'key.revoked' AND target_id = ${key.key.id}`;
  assert.equal(audit?.actor_id, p.developer.id);
});

Deno.test("a viewer sees no forms, and its key changes are refused with 403", async () => {
  const p = await tc.partner();
  const key = await newKey(p.partnerId, "Viewer cannot touch");
  const doc = await page(await tc.get("/keys", p.viewer));
  const keyForms = elements(doc, "form").filter((f) => attrOf(f, "action") !== "/sign-out");
  assert.deepEqual(keyForms, []);
  const links = elements(doc, "a").map((a) => attrOf(a, "href") ?? "");
  assert.equal(links.some((href) => /\/(roll|revoke)$/.test(href)), false);
  assert.ok(textOf(doc).includes(keysText.en.readOnly));

  const id = key.key.id;
  for (
    const res of [
      await tc.post("/keys", { name: "Sneaky" }, p.viewer),
      await tc.get(`/keys/${id}/roll`, p.viewer),
      await tc.post(`/keys/${id}/roll`, { expires_in: "now" }, p.viewer),
      await tc.get(`/keys/${id}/revoke`, p.viewer),
      await tc.post(`/keys/${id}/revoke`, {}, p.viewer),
    ]
  ) assert.equal(res.status, 403);
  assert.equal((await listKeys(tc.sql, p.partnerId)).length, 2);
  assert.equal((await findKeyOwner(tc.sql, key.apiKey))?.keyId, id);
});

Deno.test("another partner's key, an unknown or a malformed id answer 404 and change nothing", async () => {
  const p = await tc.partner();
  const other = await tc.partner();
  const theirs = await newKey(other.partnerId, "Not yours");
  for (
    const id of [theirs.key.id, "key_01JN8GN2E05RDH62XGBGSGBYW9", "nope", "key_'%3B--", "0"]
  ) {
    for (
      const res of [
        await tc.get(`/keys/${id}/roll`, p.admin),
        await tc.post(`/keys/${id}/roll`, { expires_in: "now" }, p.admin),
        await tc.get(`/keys/${id}/revoke`, p.admin),
        await tc.post(`/keys/${id}/revoke`, {}, p.admin),
      ]
    ) {
      assert.equal(res.status, 404, id);
      const html = await res.text();
      assert.ok(html.includes(keysText.en.notLive), id);
      assert.equal(html.includes("Not yours"), false);
    }
  }
  const ar = await tc.get(`/keys/${theirs.key.id}/revoke?lang=ar`, p.admin);
  assert.equal(ar.status, 404);
  assert.ok((await ar.text()).includes(keysText.ar.notLive));
  assert.equal((await findKeyOwner(tc.sql, theirs.apiKey))?.expiresAt, null);
  assert.equal((await listKeys(tc.sql, other.partnerId)).length, 2);
});

Deno.test("a bad name is refused on the page with a field error in the page's language", async () => {
  const p = await tc.partner();
  const cases = [
    ["   ", "nameRequired"],
    ["x".repeat(MAX_KEY_NAME_LENGTH + 1), "nameTooLong"],
    ["two\nlines", "nameInvalid"],
    ["bell\u0007", "nameInvalid"],
  ] as const;
  for (const [name, message] of cases) {
    for (const lang of ["en", "ar"] as const) {
      const t = keysText[lang];
      const res = await tc.post(`/keys?lang=${lang}`, { name }, p.developer);
      assert.equal(res.status, 422, `${JSON.stringify(name)} ${lang}`);
      const doc = await page(res);
      assert.equal(attrOf(first(doc, "html"), "lang"), lang);
      const expected = message === "nameTooLong" ? t.nameTooLong(MAX_KEY_NAME_LENGTH) : t[message];
      assert.equal(textOf(first(doc, "p", ["id", "name-error"])), expected);
      const input = first(doc, "input", ["name", "name"]);
      assert.equal(attrOf(input, "aria-invalid"), "true");
      assert.equal(attrOf(input, "value"), name);
    }
  }
  // Both languages say it, each in its own words.
  assert.notEqual(keysText.en.nameRequired, keysText.ar.nameRequired);
  assert.equal((await listKeys(tc.sql, p.partnerId)).length, 1);
});

Deno.test("the live-key limit refuses a new key, and a roll that would overlap, in both languages", async () => {
  const p = await tc.partner();
  const keys = await listKeys(tc.sql, p.partnerId);
  for (let i = keys.length; i < MAX_LIVE_KEYS; i++) await newKey(p.partnerId, `Key ${i}`);
  for (const lang of ["en", "ar"] as const) {
    const res = await tc.post(`/keys?lang=${lang}`, { name: "One too many" }, p.admin);
    assert.equal(res.status, 409);
    assert.ok(
      textOf(first(await page(res), "div", ["role", "alert"]))
        .includes(keysText[lang].tooManyKeys(MAX_LIVE_KEYS)),
    );
  }
  const [newest] = await listKeys(tc.sql, p.partnerId);
  const overlap = await tc.post(`/keys/${newest!.id}/roll?lang=en`, { expires_in: "24h" }, p.admin);
  assert.equal(overlap.status, 409);
  assert.ok(textOf(await page(overlap)).includes(keysText.en.tooManyKeysRoll(MAX_LIVE_KEYS)));
  // Rolling with "now" frees the old key's place at once: it is allowed.
  const now = await tc.post(`/keys/${newest!.id}/roll`, { expires_in: "now" }, p.admin);
  assert.equal(now.status, 200);
  const live = (await listKeys(tc.sql, p.partnerId)).filter((k) => k.state === "active");
  assert.equal(live.length, MAX_LIVE_KEYS);
});

Deno.test("a key form posted without the session's CSRF token is refused with 403", async () => {
  const p = await tc.partner();
  const key = await newKey(p.partnerId, "Guarded");
  const post = (path: string, form: Record<string, string>, user: TestUser) =>
    tc.app.request(`${BASE_URL}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: new URL(BASE_URL).origin,
        "sec-fetch-site": "same-origin",
        cookie: user.cookie,
      },
      body: new URLSearchParams(form),
    });
  for (
    const [path, form] of [
      ["/keys", { name: "Forged" }],
      [`/keys/${key.key.id}/roll`, { expires_in: "now" }],
      [`/keys/${key.key.id}/revoke`, {}],
    ] as const
  ) {
    assert.equal((await post(path, form, p.admin)).status, 403, path);
    assert.equal((await post(path, { ...form, _csrf: "x".repeat(43) }, p.admin)).status, 403);
  }
  assert.equal((await listKeys(tc.sql, p.partnerId)).length, 2);
  assert.equal((await findKeyOwner(tc.sql, key.apiKey))?.keyId, key.key.id);
});

/** The users page and the audit log: who may do what, and that every change is recorded. */
import assert from "node:assert/strict";
import { startTestConsole } from "@hire/testing/console_app.ts";
import { elements, parseHtml, textOf } from "@hire/testing/html.ts";

const tc = await startTestConsole();
Deno.test.afterAll(() => tc.stop());

const rowsOf = async (res: Response) =>
  elements(parseHtml(await res.text()), "tr").slice(1).map((tr) => textOf(tr));

Deno.test("every role sees the partner's people, and only its own", async () => {
  const p = await tc.partner();
  const other = await tc.partner();
  for (const user of [p.viewer, p.developer, p.admin]) {
    const res = await tc.get("/users", user);
    assert.equal(res.status, 200);
    const rows = (await rowsOf(res)).join("\n");
    for (const u of [p.admin, p.developer, p.viewer]) assert.ok(rows.includes(u.email), u.email);
    assert.equal(rows.includes(other.admin.email), false);
  }
});

Deno.test("the page reads right to left in Arabic, with role names in Arabic", async () => {
  const p = await tc.partner();
  const html = await (await tc.get("/users?lang=ar", p.admin)).text();
  assert.match(html, /<html lang="ar" dir="rtl">/);
  assert.match(html, /مسؤول/);
  // The choice is remembered on the person: the next page without ?lang is Arabic too.
  assert.match(await (await tc.get("/users", p.admin)).text(), /<html lang="ar" dir="rtl">/);
});

Deno.test("an admin invites someone: they are added with the role and e-mailed the sign-in address", async () => {
  const p = await tc.partner();
  const email = `New.Person-${crypto.randomUUID().slice(0, 6)}@Acme.sa`;
  const res = await tc.post("/users", { email, role: "viewer" }, p.admin);
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/users?done=invited");
  const [row] = await tc.sql`SELECT role FROM partner_users WHERE email = ${email.toLowerCase()}`;
  assert.equal(row?.role, "viewer");
  await tc.deps.background.settled();
  const mail = tc.mail.find((m) => m.to.includes(email.toLowerCase()));
  assert.ok(mail?.text.includes("http://127.0.0.1:8082/sign-in"));
  const [audit] = await tc.sql`
    SELECT actor_kind, actor_id, actor_label, action FROM audit_log
    WHERE partner_id = ${p.partnerId} AND action = 'user.invited' ORDER BY created_at DESC LIMIT 1`;
  assert.deepEqual({ ...audit }, {
    actor_kind: "user",
    actor_id: p.admin.id,
    actor_label: p.admin.email,
    action: "user.invited",
  });
});

Deno.test("an invitation of a bad or taken address, or with no role, is refused on the page", async () => {
  const p = await tc.partner();
  const other = await tc.partner();
  for (
    const [form, status] of [
      [{ email: "not an address", role: "viewer" }, 400],
      [{ email: "a@b.sa", role: "owner" }, 400],
      [{ email: other.viewer.email, role: "viewer" }, 409],
      [{ email: p.viewer.email, role: "admin" }, 409],
    ] as const
  ) {
    for (const lang of ["en", "ar"]) {
      const res = await tc.post(`/users?lang=${lang}`, form, p.admin);
      assert.equal(res.status, status, JSON.stringify(form));
      assert.match(await res.text(), /class="notice error"/);
    }
  }
  const [row] = await tc
    .sql`SELECT partner_id FROM partner_users WHERE email = ${other.viewer.email}`;
  assert.equal(row?.partner_id, other.partnerId);
});

Deno.test("developers and viewers cannot manage users, and see no forms for it", async () => {
  const p = await tc.partner();
  for (const user of [p.viewer, p.developer]) {
    const html = await (await tc.get("/users", user)).text();
    assert.equal(html.includes('action="/users"'), false);
    for (
      const [path, form] of [
        ["/users", { email: "x@y.sa", role: "admin" }],
        [`/users/${user.id}/role`, { role: "admin" }],
        [`/users/${p.admin.id}/remove`, {}],
      ] as const
    ) {
      assert.equal((await tc.post(path, form, user)).status, 403, `${user.role} ${path}`);
    }
    assert.equal((await tc.get(`/users/${p.admin.id}/remove`, user)).status, 403);
  }
  const [admin] = await tc.sql`SELECT role FROM partner_users WHERE id = ${p.admin.id}`;
  assert.equal(admin?.role, "admin");
});

Deno.test("an admin changes a role and removes a person; the last admin stays", async () => {
  const p = await tc.partner();
  assert.equal(
    (await tc.post(`/users/${p.viewer.id}/role`, { role: "developer" }, p.admin)).status,
    303,
  );
  const confirm = await tc.get(`/users/${p.developer.id}/remove`, p.admin);
  assert.match(await confirm.text(), new RegExp(p.developer.email));
  assert.equal((await tc.post(`/users/${p.developer.id}/remove`, {}, p.admin)).status, 303);
  const left = await tc
    .sql`SELECT email, role FROM partner_users WHERE partner_id = ${p.partnerId} ORDER BY email`;
  assert.deepEqual(
    left.map((r) => [r.email, r.role]).sort(),
    [[p.admin.email, "admin"], [p.viewer.email, "developer"]].sort(),
  );
  const last = await tc.post(`/users/${p.admin.id}/role`, { role: "viewer" }, p.admin);
  assert.equal(last.status, 409);
  assert.equal((await tc.post(`/users/${p.admin.id}/remove`, {}, p.admin)).status, 409);
  const actions = await tc.sql`
    SELECT action FROM audit_log WHERE partner_id = ${p.partnerId} ORDER BY created_at, id`;
  assert.deepEqual(actions.map((a) => a.action).slice(-2), ["user.role_changed", "user.removed"]);
});

Deno.test("another partner's people, and ids that are none, answer 404 in every URL", async () => {
  const p = await tc.partner();
  const other = await tc.partner();
  for (const id of [other.viewer.id, "usr_nope", "x"]) {
    assert.equal((await tc.get(`/users/${id}/remove`, p.admin)).status, 404, id);
    assert.equal((await tc.post(`/users/${id}/remove`, {}, p.admin)).status, 404, id);
    assert.equal((await tc.post(`/users/${id}/role`, { role: "viewer" }, p.admin)).status, 404, id);
  }
  const [still] = await tc.sql`SELECT role FROM partner_users WHERE id = ${other.viewer.id}`;
  assert.equal(still?.role, "viewer");
});

Deno.test("the audit log is for admins, shows who did what, and pages back in time", async () => {
  const p = await tc.partner();
  for (let i = 0; i < 55; i++) {
    const email = `bulk-${i}-${crypto.randomUUID().slice(0, 6)}@acme.sa`;
    assert.equal((await tc.post("/users", { email, role: "viewer" }, p.admin)).status, 303);
  }
  assert.equal((await tc.get("/audit", p.developer)).status, 403);
  assert.equal((await tc.get("/audit", p.viewer)).status, 403);
  const first = await tc.get("/audit", p.admin);
  const html = await first.text();
  const rows = elements(parseHtml(html), "tr").slice(1);
  assert.equal(rows.length, 50);
  assert.ok(textOf(rows[0]!).includes(p.admin.email));
  assert.ok(textOf(rows[0]!).includes("user.invited"));
  const next = html.match(/href="(\/audit\?cursor=[^"]+)"/)?.[1];
  assert.ok(next);
  const older = elements(parseHtml(await (await tc.get(next, p.admin)).text()), "tr").slice(1);
  // 55 invitations and the 3 people the test partner started with.
  assert.equal(older.length, 8);
  assert.equal((await tc.get("/audit?cursor=bogus", p.admin)).status, 400);
  assert.ok(
    !(await (await tc.get("/audit", (await tc.partner()).admin)).text()).includes(p.admin.email),
  );
});

/**
 * Signing in and out, as a browser does it, on the real database: the link e-mail, the
 * Continue page, the session cookie, and every way a link or session must stop working.
 */
import assert from "node:assert/strict";
import { startTestConsole, type TestUser } from "@hire/testing/console_app.ts";
import { attrOf, elements, first, parseHtml } from "@hire/testing/html.ts";
import { hashToken } from "../tokens.ts";

const tc = await startTestConsole();
Deno.test.afterAll(() => tc.stop());
const partner = await tc.partner();

/** Asks for a link as `email` and returns the link the e-mail carried, if one was sent. */
async function requestLink(email: string, next?: string): Promise<string | undefined> {
  const before = tc.mail.length;
  const res = await tc.post("/sign-in", { email, ...(next ? { next } : {}) });
  assert.equal(res.status, 200);
  await tc.deps.background.settled();
  const mail = tc.mail.slice(before).find((m) => m.to.includes(email.trim().toLowerCase()));
  return mail?.text.match(/https?:\/\/\S+\/sign-in\/link\?\S+/)?.[0];
}

/** Presses Continue on a link's page; returns the response (303 with the cookie on success). */
function spend(link: string): Promise<Response> {
  const url = new URL(link);
  return tc.post("/sign-in/link", {
    token: url.searchParams.get("token") ?? "",
    next: url.searchParams.get("next") ?? "/",
  });
}

function sessionOf(res: Response): TestUser {
  const cookie = res.headers.get("set-cookie") ?? "";
  const value = cookie.match(/__Host-hire_console=([^;]+)/)?.[1];
  assert.ok(value, cookie);
  return { id: "", email: "", role: "admin", cookie: `__Host-hire_console=${value}`, csrf: "" };
}

async function csrfOf(user: TestUser, path = "/users"): Promise<TestUser> {
  const html = await (await tc.get(path, user)).text();
  const field = elements(parseHtml(html), "input").find((e) => attrOf(e, "name") === "_csrf");
  return { ...user, csrf: attrOf(field!, "value")! };
}

Deno.test("the sign-in form answers the same page for a known, an unknown and an odd-cased address", async () => {
  const pages = [];
  for (
    const email of [
      partner.admin.email,
      "nobody-here@example.sa",
      partner.admin.email.toUpperCase(),
    ]
  ) {
    const res = await tc.post("/sign-in", { email });
    const text = (await res.text()).replaceAll(email.toLowerCase(), "EMAIL");
    pages.push([res.status, text]);
  }
  assert.deepEqual(pages[1], pages[0]);
  assert.deepEqual(pages[2], pages[0]);
  await tc.deps.background.settled();
  assert.equal(tc.mail.filter((m) => m.to.includes("nobody-here@example.sa")).length, 0);
  assert.ok(tc.mail.some((m) => m.to.includes(partner.admin.email)));
});

Deno.test("an address that is not one gets the form again with a field error, in either language", async () => {
  for (const lang of ["en", "ar"]) {
    const res = await tc.post(`/sign-in?lang=${lang}`, { email: "not an address" });
    assert.equal(res.status, 400);
    const html = await res.text();
    assert.match(html, /class="field-error"/);
    assert.match(html, lang === "ar" ? /dir="rtl"/ : /dir="ltr"/);
  }
});

Deno.test("a link opens a Continue page that spends nothing; Continue signs in once, into a fresh session", async () => {
  const link = await requestLink(partner.developer.email, "/users?x=1");
  assert.ok(link);
  const path = new URL(link).pathname + new URL(link).search;
  for (let i = 0; i < 2; i++) {
    const page = await tc.get(path);
    assert.equal(page.status, 200);
    assert.equal(page.headers.get("referrer-policy"), "no-referrer");
    const button = first(parseHtml(await page.text()), "button");
    assert.ok(button);
  }
  const res = await spend(link);
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/users?x=1");
  const cookie = res.headers.get("set-cookie")!;
  assert.match(cookie, /^__Host-hire_console=[A-Za-z0-9_-]{43};/);
  assert.match(cookie, /HttpOnly/);
  assert.match(cookie, /Secure/);
  assert.match(cookie, /SameSite=Lax/);
  assert.match(cookie, /Path=\//);
  assert.doesNotMatch(cookie, /Domain=/);
  const user = sessionOf(res);
  assert.equal((await tc.get("/users", user)).status, 200);

  const again = await spend(link);
  assert.equal(again.status, 400, "a spent link signs no one in");
  assert.equal(again.headers.get("set-cookie"), null);
  assert.equal((await tc.get(path)).status, 400);
});

Deno.test("a link past its 15 minutes no longer works", async () => {
  const link = await requestLink(partner.viewer.email);
  assert.ok(link);
  await tc.sql`
    UPDATE console_sign_in_tokens SET expires_at = now() - interval '1 second'
    WHERE user_id = ${partner.viewer.id} AND used_at IS NULL`;
  assert.equal((await spend(link)).status, 400);
  const stored = await tc.sql`
    SELECT expires_at - created_at AS ttl FROM console_sign_in_tokens
    WHERE user_id = ${partner.viewer.id} LIMIT 1`;
  assert.ok(stored.length === 1);
});

Deno.test("sign-in tokens are stored only as their hash", async () => {
  const link = await requestLink(partner.viewer.email);
  const token = new URL(link!).searchParams.get("token")!;
  const hash = Array.from(await hashToken(token), (b) => b.toString(16).padStart(2, "0")).join("");
  const rows = await tc.sql`
    SELECT 1 FROM console_sign_in_tokens WHERE encode(token_hash, 'hex') = ${hash}`;
  assert.equal(rows.length, 1);
  const plain = await tc.sql`
    SELECT 1 FROM console_sign_in_tokens WHERE position(${token}::bytea in token_hash) > 0`;
  assert.equal(plain.length, 0);
});

Deno.test("sign-out ends the session on the server: the old cookie is worth nothing", async () => {
  const res = await spend((await requestLink(partner.admin.email))!);
  const user = await csrfOf(sessionOf(res));
  const out = await tc.post("/sign-out", {}, user);
  assert.equal(out.status, 303);
  assert.match(out.headers.get("set-cookie") ?? "", /__Host-hire_console=;/);
  const after = await tc.get("/users", user);
  assert.equal(after.status, 303);
  assert.match(after.headers.get("location")!, /^\/sign-in\?next=%2Fusers/);
});

Deno.test("a person's removal ends their sessions at once", async () => {
  const p = await tc.partner();
  assert.equal((await tc.get("/users", p.developer)).status, 200);
  const res = await tc.post(`/users/${p.developer.id}/remove`, {}, p.admin);
  assert.equal(res.status, 303);
  assert.equal((await tc.get("/users", p.developer)).status, 303);
});

Deno.test("a session past its idle or absolute expiry is over", async () => {
  const p = await tc.partner();
  await tc.sql`UPDATE console_sessions SET last_seen_at = now() - interval '3 hours'
    WHERE user_id = ${p.viewer.id}`;
  assert.equal((await tc.get("/users", p.viewer)).status, 303);
  await tc.sql`UPDATE console_sessions SET expires_at = now() - interval '1 second'
    WHERE user_id = ${p.developer.id}`;
  assert.equal((await tc.get("/users", p.developer)).status, 303);
  assert.equal((await tc.get("/users", p.admin)).status, 200);
});

Deno.test("signing in again replaces the session the browser came with", async () => {
  const p = await tc.partner();
  const link = await requestLink(p.admin.email);
  const token = new URL(link!).searchParams.get("token")!;
  const res = await tc.app.request("http://127.0.0.1:8082/sign-in/link", {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: "http://127.0.0.1:8082",
      cookie: p.admin.cookie,
    },
    body: new URLSearchParams({ token, _csrf: p.admin.csrf }),
  });
  assert.equal(res.status, 303);
  assert.equal((await tc.get("/users", p.admin)).status, 303, "the planted session ended");
  assert.equal((await tc.get("/users", sessionOf(res))).status, 200);
});

Deno.test("a cross-site form post, or one without the session's token, gets 403", async () => {
  const p = await tc.partner();
  const post = (headers: Record<string, string>, form: Record<string, string>) =>
    tc.app.request("http://127.0.0.1:8082/users", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: p.admin.cookie,
        ...headers,
      },
      body: new URLSearchParams({ email: "x@evil.example", role: "admin", ...form }),
    });
  const refused = [
    post({ origin: "https://evil.example", "sec-fetch-site": "cross-site" }, {
      _csrf: p.admin.csrf,
    }),
    post({ origin: "https://evil.example" }, { _csrf: p.admin.csrf }),
    post({}, { _csrf: p.admin.csrf }),
    post({ origin: "http://127.0.0.1:8082" }, {}),
    post({ origin: "http://127.0.0.1:8082" }, { _csrf: "x".repeat(43) }),
    post({ origin: "http://127.0.0.1:8082" }, { _csrf: (await tc.partner()).admin.csrf }),
  ];
  for (const res of await Promise.all(refused)) assert.equal(res.status, 403);
  const users = await tc.sql`SELECT 1 FROM partner_users WHERE email = 'x@evil.example'`;
  assert.equal(users.length, 0);
  // A cross-site post to the sign-in form is refused too (login CSRF).
  const signIn = await tc.app.request("http://127.0.0.1:8082/sign-in", {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: "https://evil.example",
    },
    body: new URLSearchParams({ email: p.admin.email }),
  });
  assert.equal(signIn.status, 403);
});

Deno.test("every page sets a nonce CSP that forbids framing, and is not cached", async () => {
  for (const path of ["/sign-in", "/users"]) {
    const res = await tc.get(path, path === "/users" ? partner.admin : undefined);
    const csp = res.headers.get("content-security-policy") ?? "";
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(csp, /script-src 'nonce-[^']+'/);
    assert.match(csp, /form-action 'self'/);
    assert.equal(res.headers.get("cache-control"), "no-store");
    await res.body?.cancel();
  }
});

Deno.test("links are limited per address, and link requests per client address", async () => {
  const p = await tc.partner();
  const limited = await startTestConsole({
    signInPerAddressPerHour: 2,
    signInPerClientPerMinute: 4,
  });
  try {
    const ask = (email: string) => limited.post("/sign-in", { email });
    for (let i = 0; i < 4; i++) assert.equal((await ask(p.viewer.email)).status, 200);
    await limited.deps.background.settled();
    assert.equal(limited.mail.filter((m) => m.to.includes(p.viewer.email)).length, 2);
    const res = await ask(p.admin.email);
    assert.equal(res.status, 429);
  } finally {
    await limited.stop();
  }
});

Deno.test("signed-out visitors are sent to sign in, and brought back to where they were going", async () => {
  const res = await tc.get("/users?lang=ar");
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/sign-in?next=%2Fusers%3Flang%3Dar");
  const page = await tc.get("/sign-in?next=%2F%2Fevil.example");
  const next = elements(parseHtml(await page.text()), "input").find((e) =>
    attrOf(e, "name") === "next"
  );
  assert.equal(attrOf(next!, "value"), "/");
});

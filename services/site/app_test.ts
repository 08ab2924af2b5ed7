/**
 * The site's HTTP behaviour that needs no data: the per-address rate limit, an unreachable
 * database, health and assets. The database here is a closed port, so nothing reaches it.
 */
import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { silentLogger } from "@hire/log";
import { createApp } from "./app.ts";
import { loadSiteConfig, siteSettings } from "./config.ts";
import { loadStylesheet } from "./routes/assets.ts";
import { type DatabaseReadiness, startDatabaseReadiness } from "@hire/http";

const stylesheet = await loadStylesheet();
const sql = connect("postgres://postgres@127.0.0.1:1/nowhere", { connectTimeout: 1 });
const readiness = startDatabaseReadiness(sql);
Deno.test.afterAll(() => {
  readiness.stop();
  return sql.end({ timeout: 1 });
});

function site(env: Record<string, string> = {}, ready: DatabaseReadiness = readiness) {
  const settings = siteSettings(loadSiteConfig(env));
  return createApp({ sql, readiness: ready, log: silentLogger, stylesheet, ...settings });
}

const from = (hostname: string) => ({ remoteAddr: { hostname, port: 40000, transport: "tcp" } });

Deno.test("site: past the per-minute allowance an address gets a 429 page with Retry-After", async () => {
  const app = site({ SITE_RATE_LIMIT_PER_MINUTE: "3" });
  for (let i = 0; i < 3; i++) {
    const res = await app.request("/robots.txt", {}, from("192.0.2.1"));
    assert.equal(res.status, 200);
    await res.body?.cancel();
  }
  const refused = await app.request(
    "/jobs",
    { headers: { "Accept-Language": "ar" } },
    from("192.0.2.1"),
  );
  assert.equal(refused.status, 429);
  assert.equal(refused.headers.get("retry-after"), "20");
  assert.equal(refused.headers.get("cache-control"), "no-store");
  assert.equal(refused.headers.get("content-type"), "text/html; charset=utf-8");
  const body = await refused.text();
  assert.match(body, /<html lang="ar" dir="rtl">/);
  assert.ok(body.includes("طلبات كثيرة جدًا"));
  const other = await app.request("/robots.txt", {}, from("192.0.2.2"));
  assert.equal(other.status, 200, "another address is not held up");
  await other.body?.cancel();
});

Deno.test("site: X-Forwarded-For is ignored unless SITE_TRUST_PROXY, then its last hop counts", async () => {
  const direct = site({ SITE_RATE_LIMIT_PER_MINUTE: "1" });
  const spoof = async (app: ReturnType<typeof site>, xff: string) => {
    const res = await app.request(
      "/robots.txt",
      { headers: { "X-Forwarded-For": xff } },
      from("10.0.0.9"),
    );
    await res.body?.cancel();
    return res.status;
  };
  assert.equal(await spoof(direct, "1.1.1.1"), 200);
  assert.equal(await spoof(direct, "2.2.2.2"), 429, "the socket's address counts");

  const proxied = site({ SITE_RATE_LIMIT_PER_MINUTE: "1", SITE_TRUST_PROXY: "true" });
  assert.equal(await spoof(proxied, "6.6.6.6, 1.1.1.1"), 200);
  assert.equal(await spoof(proxied, "7.7.7.7, 1.1.1.1"), 429, "the proxy's own hop counts");
  assert.equal(await spoof(proxied, "1.1.1.1, 2.2.2.2"), 200);
});

Deno.test("site: an unreachable database gives a 503 page in the visitor's language, never a 500", async () => {
  const app = site();
  for (
    const path of ["/jobs/job_01JAAAAAAAAAAAAAAAAAAAAAAA", "/jobs", "/sitemap.xml", "/feed.json"]
  ) {
    const res = await app.request(
      path,
      { headers: { "Accept-Language": "ar" } },
      from("192.0.2.3"),
    );
    assert.equal(res.status, 503, path);
    assert.equal(res.headers.get("retry-after"), "5");
    const body = await res.text();
    assert.ok(body.includes("الخدمة غير متاحة مؤقتًا"), path);
  }
  await readiness.checked();
  const ready = await app.request("/readyz", {}, from("192.0.2.3"));
  assert.equal(ready.status, 503);
  assert.deepEqual(await ready.json(), { status: "unavailable", postgres: "unreachable" });
});

Deno.test("site: /readyz answers from the background probe, so many hits cost one query", async () => {
  let probes = 0;
  // A stand-in for the database that counts the queries it is sent.
  const counted = startDatabaseReadiness(
    (() => (probes++, Promise.resolve([]))) as unknown as typeof sql,
  );
  try {
    await counted.checked();
    const app = site({}, counted);
    for (let i = 0; i < 200; i++) {
      const res = await app.request("/readyz", {}, from("192.0.2.6"));
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { status: "ready", postgres: "ok" });
    }
    assert.equal(probes, 1);
  } finally {
    counted.stop();
  }
});

Deno.test("site: /healthz answers without the database", async () => {
  const res = await site().request("/healthz", {}, from("192.0.2.4"));
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { status: "ok" });
});

Deno.test("site: the stylesheet is served at its hashed URL, cached for good; other assets are 404", async () => {
  const app = site();
  assert.match(stylesheet.href, /^\/assets\/site\.[0-9a-f]{12}\.css$/);
  const res = await app.request(stylesheet.href, {}, from("192.0.2.5"));
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "text/css; charset=utf-8");
  assert.equal(res.headers.get("cache-control"), "public, max-age=31536000, immutable");
  assert.equal(await res.text(), stylesheet.css);
  const missing = await app.request("/assets/site.000000000000.css", {}, from("192.0.2.5"));
  assert.equal(missing.status, 404);
  assert.match(await missing.text(), /Job not found|not found/i);
});

Deno.test("site: anything but GET and HEAD answers 405 with Allow, before any work", async () => {
  const app = site();
  for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
    const res = await app.request(
      "/jobs",
      { method, body: method === "OPTIONS" ? undefined : "x" },
      from("192.0.2.6"),
    );
    assert.equal(res.status, 405, method);
    assert.equal(res.headers.get("allow"), "GET, HEAD");
    assert.ok((await res.text()).includes("This page cannot do that"));
  }
  const head = await app.request("/robots.txt", { method: "HEAD" }, from("192.0.2.6"));
  assert.equal(head.status, 200);
  assert.equal(await head.text(), "");
});

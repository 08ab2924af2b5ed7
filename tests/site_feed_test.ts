/**
 * The seeker feed, the sitemap index and the site's rate limit on the real stack: paging,
 * filters in English and Arabic, text search in both languages, and bad input answered
 * with a page that says what is wrong.
 */
import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { loadSiteConfig, siteDatabaseOptions } from "@hire/site-service/config.ts";
import { attrOf, elements, first, parseHtml, textOf } from "@hire/testing/html.ts";
import { jobBody, startStack } from "@hire/testing/stack.ts";

// A database of its own, so the feed holds exactly this file's jobs. Two sitemap URLs per
// file, so a handful of jobs already needs a sitemap index.
const stack = await startStack({
  ownDatabase: true,
  siteEnv: { SITE_SITEMAP_URLS_PER_FILE: "2" },
});
Deno.test.afterAll(() => stack.stop());
const partner = await stack.partner();

async function create(overrides: Record<string, unknown>): Promise<string> {
  const res = await partner.call("POST", "/v1/partner/jobs", jobBody(overrides));
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.id;
}

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(stack.siteUrl + path, { headers });
  const body = await res.text();
  return { res, body, doc: parseHtml(body) };
}

/** The ids of the job cards on a feed page, in order, and its next link. */
async function feed(path: string) {
  const p = await page(path);
  assert.equal(p.res.status, 200, `${path}: ${p.body.slice(0, 500)}`);
  const ids = elements(p.doc, "li")
    .filter((li) => attrOf(li, "class") === "card")
    .map((li) => attrOf(first(li, "a"), "href")!.split("?")[0]!.slice("/jobs/".length));
  const next = elements(p.doc, "a").find((a) => attrOf(a, "rel") === "next");
  return { ids, next: next && attrOf(next, "href"), doc: p.doc };
}

// Created one after another, so "newest first" is the reverse of this list. The jobs are
// listed at once, long before the pipeline (not running here) would make them match-ready.
const fixtures = [
  { title: "ICU Nurse", description: "Night shifts in the intensive care unit.", city: "Jeddah" },
  {
    title: "ممرضة عناية مركزة",
    description: "مطلوب ممرضة للعمل في قسم العناية المركزة بمستشفى في الرياض",
    city: "Riyadh",
  },
  {
    title: "Accountant",
    description: "Prepare monthly accounts.",
    city: "Riyadh",
    employment_type: "part_time",
    salary_min: null,
  },
  { title: "محاسب", description: "إعداد القوائم المالية الشهرية", city: "Dammam" },
  { title: "Backend Engineer", description: "Build **APIs** with Deno.", city: "Al Khobar" },
];
const ids: string[] = [];
for (const f of fixtures) ids.push(await create(f));
const newestFirst = [...ids].reverse();

Deno.test("the feed lists active jobs newest first, at once after the 201", async () => {
  const { ids: listed, next } = await feed("/jobs");
  assert.deepEqual(listed, newestFirst);
  assert.equal(next, undefined);
  const [row] = await stack.sql<{ match_ready: boolean }[]>`
    SELECT match_ready FROM jobs WHERE id = ${ids[0]!}`;
  assert.equal(row!.match_ready, false, "listed before the pipeline made it match-ready");
});

Deno.test("the feed pages by 20 with a next link, and no job appears twice", async () => {
  const more: string[] = [];
  for (let i = 0; i < 21; i++) more.push(await create({ title: `Paging job ${i}`, city: "Tabuk" }));
  const one = await feed("/jobs?city=Tabuk");
  assert.equal(one.ids.length, 20);
  assert.ok(one.next, "a next link");
  assert.match(one.next!, /[?&]city=Tabuk(&|$)/, "the next link keeps the filter");
  const two = await feed(one.next!);
  assert.equal(two.ids.length, 1);
  assert.equal(two.next, undefined);
  assert.deepEqual([...one.ids, ...two.ids], [...more].reverse());
  // A later page offers the way back to the newest jobs, with the same filter.
  const back = elements(two.doc, "nav").flatMap((n) => elements(n, "a"))
    .map((a) => attrOf(a, "href")!).find((h) => !h.includes("cursor="));
  assert.ok(back?.includes("city=Tabuk"), back);
});

Deno.test("the city filter takes the canonical name or any alias, English or Arabic", async () => {
  for (const city of ["Jeddah", "jiddah", "Jedda", "جدة", "جده", "%D8%AC%D8%AF%D8%A9"]) {
    const { ids: listed } = await feed(
      `/jobs?city=${city.startsWith("%") ? city : encodeURIComponent(city)}`,
    );
    assert.deepEqual(listed, [ids[0]], city);
  }
  assert.deepEqual((await feed(`/jobs?city=${encodeURIComponent("الرياض")}`)).ids, [
    ids[2],
    ids[1],
  ]);
});

Deno.test("the employment type filter, alone and with a city", async () => {
  assert.deepEqual((await feed("/jobs?employment_type=part_time")).ids, [ids[2]]);
  assert.deepEqual((await feed("/jobs?employment_type=part_time&city=Jeddah")).ids, []);
});

Deno.test("text search in English: words of title and description, stemmed", async () => {
  assert.deepEqual((await feed("/jobs?q=nurse")).ids, [ids[0]]);
  assert.deepEqual((await feed("/jobs?q=nurses")).ids, [ids[0]], "stemmed");
  assert.deepEqual((await feed("/jobs?q=intensive+care")).ids, [ids[0]], "description words");
  assert.deepEqual((await feed("/jobs?q=accounts&city=Riyadh")).ids, [ids[2]]);
  assert.deepEqual((await feed("/jobs?q=nurse&city=Riyadh")).ids, []);
});

Deno.test("text search in Arabic: with or without the article, hamza and taa marbuta forgiven", async () => {
  const q = (s: string) => `/jobs?q=${encodeURIComponent(s)}`;
  assert.deepEqual((await feed(q("ممرضة"))).ids, [ids[1]]);
  assert.deepEqual((await feed(q("ممرضه"))).ids, [ids[1]], "ه for ة");
  assert.deepEqual((await feed(q("رياض"))).ids, [ids[1]], "without the article");
  assert.deepEqual((await feed(q("المحاسب"))).ids, [ids[3]], "with the article");
  assert.deepEqual((await feed(q("المالية الشهرية"))).ids, [ids[3]]);
});

Deno.test("the feed form shows the filters as applied, in the page's language", async () => {
  const { doc } = await feed(`/jobs?city=${encodeURIComponent("جدة")}&lang=ar&q=nurse`);
  assert.equal(attrOf(first(doc, "html"), "dir"), "rtl");
  const selected = elements(first(doc, "select", ["name", "city"]), "option")
    .find((o) => attrOf(o, "selected") !== undefined);
  assert.equal(attrOf(selected!, "value"), "Jeddah");
  assert.equal(textOf(selected!), "جدة");
  assert.equal(attrOf(first(doc, "input", ["name", "q"]), "value"), "nurse");
  assert.equal(
    attrOf(first(doc, "meta", ["name", "robots"]), "content"),
    "noindex",
    "filtered pages stay out of search engines",
  );
});

Deno.test("bad feed parameters answer 400 with a page that names each problem, in English or Arabic", async () => {
  const path = `/jobs?city=Atlantis&employment_type=forever&q=${"x".repeat(201)}&cursor=nope`;
  const en = await page(path);
  assert.equal(en.res.status, 400);
  assert.equal(en.res.headers.get("content-type"), "text/html; charset=utf-8");
  assert.equal(en.res.headers.get("cache-control"), "no-store");
  const problems = elements(en.doc, "li").map(textOf);
  assert.equal(problems.length, 4, problems.join(" | "));
  assert.ok(problems.includes("the city is not one we know"));
  const ar = await page(path, { "Accept-Language": "ar" });
  assert.equal(ar.res.status, 400);
  assert.equal(attrOf(first(ar.doc, "html"), "lang"), "ar");
  assert.ok(elements(ar.doc, "li").map(textOf).includes("المدينة غير معروفة لدينا"));
});

Deno.test("a search of stop words or symbols only lists nothing and is no error", async () => {
  for (const q of ["the", "&&&", "!!", "'", '"', "-", "a:*", "\\"]) {
    const { ids: listed } = await feed(`/jobs?q=${encodeURIComponent(q)}`);
    assert.deepEqual(listed, [], q);
  }
});

Deno.test("past the file size, /sitemap.xml is a sitemap index whose files list every active job once", async () => {
  const index = await page("/sitemap.xml");
  assert.equal(index.res.status, 200);
  assert.ok(index.body.includes("<sitemapindex"), index.body.slice(0, 300));
  const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  const [row] = await stack.sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM jobs WHERE status = 'active' AND deleted_at IS NULL`;
  const n = row!.n;
  assert.equal(files.length, Math.ceil(n / 2));
  const listed: string[] = [];
  for (const file of files) {
    const sitemap = await page(new URL(file).pathname);
    assert.equal(sitemap.res.status, 200, file);
    assert.ok(sitemap.body.includes("<urlset"));
    listed.push(
      ...[...sitemap.body.matchAll(/<loc>[^<]+\/jobs\/([^<]+)<\/loc>/g)].map((m) => m[1]!),
    );
  }
  assert.equal(listed.length, n);
  assert.equal(new Set(listed).size, n);
  for (const id of ids) assert.ok(listed.includes(id));
  assert.equal((await page(`/sitemaps/jobs-${files.length + 1}.xml`)).res.status, 404);
  assert.equal((await page("/sitemaps/jobs-0.xml")).res.status, 404);
});

Deno.test("/ leads to the feed", async () => {
  const res = await fetch(`${stack.siteUrl}/?lang=ar`, { redirect: "manual" });
  await res.body?.cancel();
  assert.equal(res.status, 301);
  assert.equal(res.headers.get("location"), "/jobs?lang=ar");
});

Deno.test("the site's connections plan every query for its own words (no generic plans)", async () => {
  const cfg = loadSiteConfig(stack.env);
  const sql = connect(cfg.DATABASE_URL, siteDatabaseOptions(cfg));
  try {
    const [row] = await sql<{ mode: string }[]>`SELECT current_setting('plan_cache_mode') AS mode`;
    assert.equal(row!.mode, "force_custom_plan");
  } finally {
    await sql.end();
  }
  const [column] = await stack.sql<{ storage: string }[]>`
    SELECT attstorage AS storage FROM pg_attribute
    WHERE attrelid = 'jobs'::regclass AND attname = 'search'`;
  assert.equal(column!.storage, "m", "the search vector stays in the row");
});

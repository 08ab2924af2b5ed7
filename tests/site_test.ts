/**
 * The public job site on the real stack: jobs created through the partner API are visible
 * at their service_url, in English and Arabic, and every lifecycle rule holds on the very
 * next request.
 */
import assert from "node:assert/strict";
import { attrOf, elements, first, parseHtml, textOf } from "@hire/testing/html.ts";
import { jobBody, startStack } from "@hire/testing/stack.ts";

// A database of its own: the feed, sitemap and feeds list every partner's jobs.
const stack = await startStack({ ownDatabase: true });
Deno.test.afterAll(() => stack.stop());

const partner = await stack.partner();
await stack.sql`UPDATE partners SET name = 'Saudi Care Hospitals' WHERE id = ${partner.partnerId}`;

async function newJob(overrides: Record<string, unknown> = {}) {
  const res = await partner.call("POST", "/v1/partner/jobs", jobBody(overrides));
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body as { id: string; service_url: string; created_at: string };
}

async function page(url: string, init?: RequestInit) {
  const res = await fetch(url.startsWith("http") ? url : stack.siteUrl + url, init);
  const body = await res.text();
  return { res, body, doc: parseHtml(body) };
}

function jsonLdOf(doc: ReturnType<typeof parseHtml>): Record<string, unknown> | undefined {
  const block = elements(doc, "script").find((s) => attrOf(s, "type") === "application/ld+json");
  return block && JSON.parse(textOf(block));
}

const feedIds = async (query = "") =>
  elements((await page(`/jobs${query}`)).doc, "a")
    .map((a) => attrOf(a, "href") ?? "")
    .filter((h) => h.startsWith("/jobs/job_"))
    .map((h) => h.slice("/jobs/".length).split("?")[0]!);

const sitemapHas = async (id: string) => (await page("/sitemap.xml")).body.includes(id);
const atomHas = async (id: string) => (await page("/feed.xml")).body.includes(id);
const jsonFeedHas = async (id: string) =>
  ((await (await fetch(`${stack.siteUrl}/feed.json`)).json()).items as { id: string }[])
    .some((i) => i.id.endsWith(id));

Deno.test("a job created through the API is visible at its service_url", async () => {
  const job = await newJob({
    title: "ICU Nurse",
    description:
      "## Duties\n\n- Night shifts\n- **BLS** required\n\nSee [our site](https://care.sa).",
    city: "Jiddah",
    salary_min: 9000,
    salary_max: 14000,
  });
  assert.equal(job.service_url, `${stack.siteUrl}/jobs/${job.id}`);
  const { res, doc } = await page(job.service_url);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "text/html; charset=utf-8");
  const html = first(doc, "html");
  assert.equal(attrOf(html, "lang"), "en");
  assert.equal(attrOf(html, "dir"), "ltr");
  assert.equal(textOf(first(doc, "h1")), "ICU Nurse");
  assert.equal(attrOf(first(doc, "h1"), "dir"), "auto");
  const facts = textOf(first(doc, "dl"));
  for (const fact of ["Jeddah", "Full-time", "SAR 9,000–14,000 / month"]) {
    assert.ok(facts.includes(fact), `${fact} in ${facts}`);
  }
  assert.ok(textOf(doc).includes("Saudi Care Hospitals"));
  // Markdown rendered: a heading, a list, bold, and a link that cannot pass on rank.
  const description = first(doc, "section", ["class", "description"]);
  // Partner headings start below the page's own: "##" is an <h4>.
  assert.equal(textOf(first(description, "h4")), "Duties");
  assert.equal(elements(description, "li").length, 2);
  assert.equal(textOf(first(description, "strong")), "BLS");
  const link = first(description, "a");
  assert.equal(attrOf(link, "href"), "https://care.sa");
  assert.equal(attrOf(link, "rel"), "nofollow ugc noopener");
  assert.equal(attrOf(first(doc, "link", ["rel", "canonical"]), "href"), job.service_url);
  // The Riyadh calendar day (UTC+3, no daylight saving): from 21:00 UTC it is the next day.
  const riyadhDay = new Date(Date.parse(job.created_at) + 3 * 3_600_000).toISOString();
  assert.equal(attrOf(first(doc, "time"), "datetime"), riyadhDay.slice(0, 10));
});

Deno.test("the job page's JSON-LD JobPosting has what search engines require", async () => {
  const job = await newJob({ title: "Pharmacist", city: "Dammam", employment_type: "contract" });
  const data = jsonLdOf((await page(job.service_url)).doc)!;
  assert.equal(data["@context"], "https://schema.org");
  assert.equal(data["@type"], "JobPosting");
  assert.equal(data.title, "Pharmacist");
  assert.match(String(data.description), /<p dir="auto">/);
  assert.match(String(data.datePosted), /^\d{4}-\d{2}-\d{2}$/);
  assert.equal(data.employmentType, "CONTRACTOR");
  assert.deepEqual(data.hiringOrganization, {
    "@type": "Organization",
    name: "Saudi Care Hospitals",
  });
  const location = data.jobLocation as { address: Record<string, string> };
  assert.equal(location.address.addressLocality, "Dammam");
  assert.equal(location.address.addressCountry, "SA");
  const salary = data.baseSalary as { currency: string; value: Record<string, unknown> };
  assert.equal(salary.currency, "SAR");
  assert.deepEqual(
    { ...salary.value },
    { "@type": "QuantitativeValue", minValue: 15000, maxValue: 25000, unitText: "MONTH" },
  );
  assert.deepEqual(data.identifier, {
    "@type": "PropertyValue",
    name: "Saudi Care Hospitals",
    value: job.id,
  });
});

Deno.test("the job page in Arabic: lang and dir on <html>, Arabic labels, partner text in its own direction", async () => {
  const job = await newJob({ title: "Backend Engineer", city: "Riyadh" });
  for (
    const init of [
      { url: `${job.service_url}?lang=ar`, headers: {} as Record<string, string> },
      { url: job.service_url, headers: { "Accept-Language": "ar-SA,ar;q=0.9,en;q=0.5" } },
    ]
  ) {
    const { res, doc } = await page(init.url, { headers: init.headers });
    assert.equal(res.status, 200);
    const html = first(doc, "html");
    assert.equal(attrOf(html, "lang"), "ar");
    assert.equal(attrOf(html, "dir"), "rtl");
    const facts = textOf(first(doc, "dl"));
    assert.ok(facts.includes("الرياض"), facts);
    assert.ok(facts.includes("دوام كامل"), facts);
    assert.ok(facts.includes("ريال سعودي"), facts);
    assert.equal(attrOf(first(doc, "h1"), "dir"), "auto");
    assert.match(res.headers.get("vary") ?? "", /Accept-Language/);
  }
});

Deno.test("every page carries a nonce CSP, nosniff, a referrer policy and revalidation", async () => {
  const job = await newJob();
  const seen = new Set<string>();
  for (const path of [new URL(job.service_url).pathname, "/jobs", "/jobs/job_nope", "/nowhere"]) {
    const { res, doc } = await page(path);
    const csp = res.headers.get("content-security-policy") ?? "";
    for (
      const directive of [
        "default-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
      ]
    ) {
      assert.ok(csp.includes(directive), `${path}: ${directive} in ${csp}`);
    }
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    assert.ok(nonce, `${path}: ${csp}`);
    seen.add(nonce);
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    assert.equal(res.headers.get("referrer-policy"), "strict-origin-when-cross-origin");
    assert.equal(res.headers.get("cache-control"), "no-cache", path);
    for (const script of elements(doc, "script")) assert.equal(attrOf(script, "nonce"), nonce);
  }
  assert.equal(seen.size, 4, "a nonce per response");
});

Deno.test("an unchanged page revalidates with a 304; a changed one does not", async () => {
  const job = await newJob({ title: "Cashier" });
  const a = await page(job.service_url);
  const etag = a.res.headers.get("etag");
  assert.match(etag ?? "", /^"[0-9a-f]{40}"$/);
  const b = await page(job.service_url);
  assert.equal(b.res.headers.get("etag"), etag, "same content, same ETag despite a new nonce");
  const revalidated = await fetch(job.service_url, { headers: { "If-None-Match": etag! } });
  assert.equal(revalidated.status, 304);
  assert.equal(await revalidated.text(), "");
  await partner.call("PATCH", `/v1/partner/jobs/${job.id}`, { title: "Head Cashier" });
  const changed = await fetch(job.service_url, { headers: { "If-None-Match": etag! } });
  assert.equal(changed.status, 200);
  assert.ok((await changed.text()).includes("Head Cashier"));
});

Deno.test("a title or description change shows on the next page view", async () => {
  const job = await newJob({ title: "Driver", description: "Old description" });
  assert.ok((await page(job.service_url)).body.includes("Old description"));
  const res = await partner.call("PATCH", `/v1/partner/jobs/${job.id}`, {
    title: "Senior Driver",
    description: "New *description*",
  });
  assert.equal(res.status, 200);
  const { body, doc } = await page(job.service_url);
  assert.equal(textOf(first(doc, "h1")), "Senior Driver");
  assert.ok(body.includes("New <em>description</em>"));
  assert.ok(!body.includes("Old description"));
});

Deno.test("deleted: the very next request after the 204 answers 410 and the job is gone everywhere", async () => {
  const job = await newJob({ title: "Soon Deleted" });
  assert.ok((await feedIds()).includes(job.id));
  assert.ok(await sitemapHas(job.id));
  assert.ok(await atomHas(job.id));
  assert.ok(await jsonFeedHas(job.id));
  const del = await partner.call("DELETE", `/v1/partner/jobs/${job.id}`);
  assert.equal(del.status, 204);
  // No waiting, no retries: the next request already sees the deletion.
  const gone = await page(job.service_url);
  assert.equal(gone.res.status, 410);
  assert.equal(attrOf(first(gone.doc, "html"), "lang"), "en");
  assert.ok(textOf(first(gone.doc, "h1")).includes("removed"));
  assert.equal(jsonLdOf(gone.doc), undefined);
  assert.ok(!(await feedIds()).includes(job.id));
  assert.ok(!(await sitemapHas(job.id)));
  assert.ok(!(await atomHas(job.id)));
  assert.ok(!(await jsonFeedHas(job.id)));
  const ar = await page(`${job.service_url}?lang=ar`);
  assert.equal(ar.res.status, 410);
  assert.equal(attrOf(first(ar.doc, "html"), "dir"), "rtl");
});

for (const status of ["paused", "closed"] as const) {
  Deno.test(`${status}: not listed anywhere; its page says so, has no JSON-LD and is noindex`, async () => {
    const job = await newJob({ title: `Soon ${status}` });
    assert.ok(jsonLdOf((await page(job.service_url)).doc));
    assert.equal(
      (await partner.call("PATCH", `/v1/partner/jobs/${job.id}`, { status })).status,
      200,
    );
    const { res, doc } = await page(job.service_url);
    assert.equal(res.status, 200);
    assert.equal(jsonLdOf(doc), undefined);
    assert.equal(attrOf(first(doc, "meta", ["name", "robots"]), "content"), "noindex");
    const notice = textOf(first(doc, "p", ["class", "notice"]));
    assert.match(notice, status === "paused" ? /not accepting applications/ : /closed/);
    assert.ok(!(await feedIds()).includes(job.id));
    assert.ok(!(await sitemapHas(job.id)));
    assert.ok(!(await atomHas(job.id)));
    assert.ok(!(await jsonFeedHas(job.id)));
    // Reopened, it is back.
    await partner.call("PATCH", `/v1/partner/jobs/${job.id}`, { status: "active" });
    assert.ok(jsonLdOf((await page(job.service_url)).doc));
    assert.ok((await feedIds()).includes(job.id));
  });
}

Deno.test("an unknown or malformed id answers 404 with a page in the visitor's language", async () => {
  for (
    const path of [
      "/jobs/job_01JAAAAAAAAAAAAAAAAAAAAAAA",
      "/jobs/not-a-job",
      "/jobs/job_%00%3Cscript%3E",
      `/jobs/${"x".repeat(5000)}`,
      "/jobs/wh_01JAAAAAAAAAAAAAAAAAAAAAAA",
    ]
  ) {
    const en = await page(path);
    assert.equal(en.res.status, 404, path);
    assert.equal(en.res.headers.get("content-type"), "text/html; charset=utf-8");
    assert.equal(textOf(first(en.doc, "h1")), "Job not found");
    const ar = await page(path, { headers: { "Accept-Language": "ar" } });
    assert.equal(ar.res.status, 404);
    assert.equal(attrOf(first(ar.doc, "html"), "dir"), "rtl");
    assert.equal(textOf(first(ar.doc, "h1")), "الوظيفة غير موجودة");
  }
});

Deno.test("the site shows a partner's public fields only", async () => {
  const job = await newJob();
  const { body } = await page(job.service_url);
  assert.ok(!body.includes(partner.partnerId), "no partner id");
  assert.ok(!body.includes(partner.apiKey.slice(0, 12)), "no key");
  assert.ok(!body.includes("embedding_status") && !body.includes("processing"));
});

Deno.test("robots.txt names the sitemap", async () => {
  const { res, body } = await page("/robots.txt");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /^text\/plain/);
  assert.ok(body.includes(`Sitemap: ${stack.siteUrl}/sitemap.xml`));
});

Deno.test("the sitemap lists active jobs with lastmod = updated_at", async () => {
  const job = await newJob();
  const { res, body } = await page("/sitemap.xml");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /^application\/xml/);
  const [updated] = await stack.sql<{ updated_at: Date }[]>`
    SELECT updated_at FROM jobs WHERE id = ${job.id}`;
  const entry = new RegExp(
    `<loc>${job.service_url}</loc>\\s*<lastmod>${
      updated!.updated_at.toISOString().replace(/\.\d{3}Z$/, "Z")
    }</lastmod>`,
  );
  assert.match(body, entry);
});

Deno.test("the feeds: Atom and JSON Feed 1.1 with the newest jobs", async () => {
  const job = await newJob({ title: "Newest <Feed> & Job" });
  const atom = await page("/feed.xml");
  assert.equal(atom.res.headers.get("content-type"), "application/atom+xml; charset=utf-8");
  assert.ok(atom.body.includes(">Newest &lt;Feed&gt; &amp; Job</title>"), atom.body);
  const res = await fetch(`${stack.siteUrl}/feed.json`);
  assert.equal(res.headers.get("content-type"), "application/feed+json; charset=utf-8");
  const feed = await res.json();
  assert.equal(feed.version, "https://jsonfeed.org/version/1.1");
  assert.equal(feed.feed_url, `${stack.siteUrl}/feed.json`);
  assert.equal(feed.items[0].url, job.service_url);
  assert.equal(feed.items[0].title, "Newest <Feed> & Job");
});

/**
 * The overview on the real database: the plan's limits, this minute's requests and this
 * month's jobs as the edge's counters hold them, and the chart of daily creates, in both
 * languages and for every role.
 */
import assert from "node:assert/strict";
import { leaseRequests, reserveJobs, saveJobs } from "@hire/tables";
import { jobRow } from "@hire/testing/job_rows.ts";
import { startTestConsole, type TestUser } from "@hire/testing/console_app.ts";
import { attrOf, type Element, elements, first, parseHtml, textOf } from "@hire/testing/html.ts";

const tc = await startTestConsole();
Deno.test.afterAll(() => tc.stop());

/** Today's Riyadh day on the database's clock, and the day `n` days before it. */
async function riyadhDay(n = 0): Promise<string> {
  const [row] = await tc.sql<{ day: string }[]>`
    SELECT ((now() AT TIME ZONE 'Asia/Riyadh')::date - ${n}::int)::text AS day`;
  return row!.day;
}

/** Jobs of `partnerId` created at each instant, written as the job service writes them. */
async function jobsCreatedAt(partnerId: string, instants: string[], deleted = false) {
  const rows = instants.map((at) => {
    const row = jobRow({ partnerId, at: new Date(at) });
    return deleted ? { ...row, deleted_at: new Date(at) } : row;
  });
  await tc.sql.begin((tx) => saveJobs(tx, rows));
}

/** The plan card's facts: each term with its value. */
function facts(doc: Element): Record<string, string> {
  const dl = first(doc, "dl");
  const terms = elements(dl, "dt").map(textOf);
  const values = elements(dl, "dd").map(textOf);
  return Object.fromEntries(terms.map((t, i) => [t, values[i]!]));
}

/** Each usage meter's heading with the figures beside it. */
function usage(doc: Element): Record<string, string> {
  const blocks = elements(doc, "div").filter((d) => attrOf(d, "class") === "usage");
  return Object.fromEntries(
    blocks.map((b) => [textOf(first(b, "h3")), textOf(first(b, "p"))]),
  );
}

/**
 * The overview as `user` right after reserving `jobs` jobs and counting `requests` requests;
 * the requests are counted again if the minute turned in between (the jobs' month is not
 * expected to turn during a test).
 */
async function overviewAfterUsage(
  partnerId: string,
  opts: { user: TestUser; requests: number; jobs: number; lang?: string },
) {
  await reserveJobs(tc.sql, { partnerId, n: opts.jobs, limit: 1_000_000 });
  for (;;) {
    const lease = await leaseRequests(tc.sql, {
      partnerId,
      want: opts.requests,
      limit: 1_000_000,
    });
    const res = await tc.get(opts.lang ? `/?lang=${opts.lang}` : "/", opts.user);
    const [row] = await tc.sql<{ same: boolean }[]>`
      SELECT date_trunc('minute', now()) = ${lease.windowStart} AS same`;
    if (row!.same) return res;
    // A new window began: this count is in the last one, so count again in this one.
    await res.body?.cancel();
  }
}

Deno.test("the overview shows the plan's limits and this minute's and month's usage against them", async () => {
  const p = await tc.partner("growth");
  const res = await overviewAfterUsage(p.partnerId, { user: p.viewer, requests: 7, jobs: 12 });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("cache-control"), "no-store");
  const doc = parseHtml(await res.text());
  assert.deepEqual(facts(doc), {
    "Plan": "Growth",
    "API requests per minute": "600",
    "New jobs per calendar month (UTC)": "20,000",
    "Webhooks and bulk create": "Included",
  });
  const meters = elements(doc, "meter");
  assert.deepEqual(
    meters.map((m) => [attrOf(m, "value"), attrOf(m, "max")]),
    [["7", "600"], ["12", "20000"]],
  );
  assert.deepEqual(usage(doc), {
    "API requests this minute": "7 of 600 (1%)",
    "Jobs created this month": "12 of 20,000 (0%)",
  });
  const links = elements(doc, "a").map((a) => attrOf(a, "href"));
  for (const href of ["/keys", "/webhooks", `${tc.deps.apiBaseUrl}/docs`]) {
    assert.ok(links.includes(href), href);
  }
});

Deno.test("the overview in Arabic: right to left, Arabic text, Western digits", async () => {
  const p = await tc.partner("sandbox");
  const res = await overviewAfterUsage(p.partnerId, {
    user: p.developer,
    requests: 3,
    jobs: 499,
    lang: "ar",
  });
  assert.equal(res.status, 200);
  const doc = parseHtml(await res.text());
  const html = first(doc, "html");
  assert.equal(attrOf(html, "lang"), "ar");
  assert.equal(attrOf(html, "dir"), "rtl");
  assert.deepEqual(facts(doc), {
    "الباقة": "تجريبية",
    "طلبات API في الدقيقة": "60",
    "الوظائف الجديدة في الشهر الميلادي (بتوقيت UTC)": "500",
    "خطافات الويب والإنشاء الجماعي": "غير مشمولة في هذه الباقة",
  });
  assert.deepEqual(usage(doc), {
    "طلبات API في هذه الدقيقة": "3 من 60 (5٪)",
    "الوظائف المنشأة هذا الشهر": "499 من 500 (99٪)",
  });
  assert.match(textOf(first(doc, "figure")), /تشمل الوظائف التي حُذفت/);
});

Deno.test("the chart has a bar for each of the last 30 Riyadh days, deleted jobs counted, others' not", async () => {
  const p = await tc.partner();
  const other = await tc.partner();
  const today = await riyadhDay();
  const third = await riyadhDay(3);
  const first_ = await riyadhDay(29);
  const outside = await riyadhDay(30);
  await jobsCreatedAt(p.partnerId, [
    // 00:30 in Riyadh is the day before in UTC: the chart counts Riyadh days.
    `${today}T00:30:00+03:00`,
    `${today}T00:00:05+03:00`,
    `${first_}T00:00:00+03:00`,
    `${outside}T23:59:59+03:00`,
  ]);
  await jobsCreatedAt(p.partnerId, [`${third}T12:00:00+03:00`], true);
  await jobsCreatedAt(other.partnerId, Array(5).fill(`${today}T00:10:00+03:00`));

  for (const user of [p.viewer, p.admin]) {
    const res = await tc.get("/", user);
    assert.equal(res.status, 200);
    const doc = parseHtml(await res.text());
    const bars = elements(doc, "rect").filter((r) => attrOf(r, "class")?.startsWith("bar"));
    assert.equal(bars.length, 30);
    const counts = new Map(
      bars.map((b) => [attrOf(b, "data-day")!, Number(attrOf(b, "data-count"))]),
    );
    assert.equal(counts.get(today), 2);
    assert.equal(counts.get(third), 1);
    assert.equal(counts.get(first_), 1);
    assert.equal(counts.has(outside), false);
    assert.equal([...counts.values()].reduce((a, b) => a + b), 4);
    // The tallest bar fills the plot; a day with half as many jobs stands half as high.
    const height = (day: string) =>
      Number(attrOf(bars.find((b) => attrOf(b, "data-day") === day)!, "height"));
    assert.equal(height(third), height(today) / 2);
    const svg = first(doc, "svg");
    assert.equal(attrOf(svg, "role"), "img");
    assert.match(textOf(first(doc, "figure")), /4 jobs created from/);
    assert.equal(elements(first(doc, "details"), "tr").length, 31);
  }
});

Deno.test("a partner without any usage sees zeros, not an error", async () => {
  const p = await tc.partner("scale");
  const res = await tc.get("/", p.viewer);
  assert.equal(res.status, 200);
  const doc = parseHtml(await res.text());
  assert.deepEqual(elements(doc, "meter").map((m) => attrOf(m, "value")), ["0", "0"]);
  assert.match(textOf(doc), /0 jobs created from/);
});

Deno.test("the overview needs a session", async () => {
  const res = await tc.get("/");
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/sign-in?next=%2F");
});

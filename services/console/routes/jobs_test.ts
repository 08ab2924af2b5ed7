/**
 * The jobs list on the real database: only the partner's own jobs, newest first, page by
 * page, filtered by status, with matches and public links; malformed queries answer 400.
 */
import assert from "node:assert/strict";
import { encodeCursor, newId } from "@hire/ids";
import type { JobRow, JobStatus } from "@hire/jobs";
import { insertMatches, saveJobs } from "@hire/tables";
import { jobRow } from "@hire/testing/job_rows.ts";
import { startTestConsole, type TestUser } from "@hire/testing/console_app.ts";
import { attrOf, type Element, elements, first, parseHtml, textOf } from "@hire/testing/html.ts";
import { JOBS_PAGE_SIZE } from "./jobs.tsx";

const tc = await startTestConsole();
Deno.test.afterAll(() => tc.stop());

const STATUSES: JobStatus[] = ["active", "paused", "closed"];

/** `n` jobs of `partnerId`, a minute apart ending `endMs`, statuses in turn, saved as the job service saves them. */
async function arrangeJobs(
  partnerId: string,
  n: number,
  opts: { endMs: number; title?: (i: number) => string; deleted?: boolean },
): Promise<JobRow[]> {
  const rows = Array.from({ length: n }, (_, i) => {
    const row = jobRow({
      partnerId,
      at: new Date(opts.endMs - (n - 1 - i) * 60_000),
      fields: {
        title: opts.title?.(i) ?? `Job ${i}`,
        description: "A job of the console's tests.",
        city: "Jeddah",
        employment_type: "internship",
      },
    });
    return {
      ...row,
      status: STATUSES[i % 3]!,
      deleted_at: opts.deleted ? new Date(opts.endMs + 1000) : null,
    };
  });
  await tc.sql.begin((tx) => saveJobs(tx, rows));
  return rows;
}

/** The list's rows: each job's id, with the row's cells. */
function listed(doc: Element): { id: string; cells: Element[] }[] {
  const table = elements(doc, "table").find((t) => attrOf(t, "class") === "jobs");
  if (!table) return [];
  return elements(first(table, "tbody"), "tr").map((tr) => {
    const cells = elements(tr, "td");
    return { id: textOf(first(cells[0]!, "code")), cells };
  });
}

async function page(path: string, user: TestUser): Promise<Element> {
  const res = await tc.get(path, user);
  assert.equal(res.status, 200, path);
  return parseHtml(await res.text());
}

function nextHref(doc: Element): string | undefined {
  const a = elements(doc, "a").find((e) => attrOf(e, "rel") === "next");
  return a && attrOf(a, "href");
}

const partner = await tc.partner();
const other = await tc.partner();
const start = Date.now() - 3 * 86_400_000;
const jobs = await arrangeJobs(partner.partnerId, JOBS_PAGE_SIZE + 7, {
  endMs: start,
  title: (i) => (i === 0 ? "ممرضة في قسم الطوارئ" : `Job ${i}`),
});
const deleted = await arrangeJobs(partner.partnerId, 2, { endMs: start - 3600_000, deleted: true });
// Newer than all of the partner's: a leak would head the list.
const othersJobs = await arrangeJobs(other.partnerId, 3, { endMs: Date.now() });
const live = [...jobs].reverse();
const matched = jobs[JOBS_PAGE_SIZE + 6]!;
await tc.sql.begin((tx) =>
  insertMatches(
    tx,
    ["a", "b", "c"].map((s) => ({
      job_id: matched.id,
      seeker_id: `seek_jobs_test_${s}_${matched.id}`,
      partner_id: partner.partnerId,
      score: 0.9,
      event_id: newId("evt"),
    })),
  )
);

Deno.test("the list pages through the partner's own jobs newest first, every one once", async () => {
  const seen: string[] = [];
  let path: string | undefined = "/jobs";
  let pages = 0;
  while (path) {
    const doc = await page(path, partner.viewer);
    const rows = listed(doc);
    assert.ok(rows.length <= JOBS_PAGE_SIZE);
    seen.push(...rows.map((r) => r.id));
    path = nextHref(doc);
    pages++;
    if (pages > 1) {
      const newest = elements(doc, "a").find((a) => textOf(a) === "Newest");
      assert.equal(attrOf(newest!, "href"), "/jobs");
    }
  }
  assert.equal(pages, 2);
  assert.deepEqual(seen, live.map((j) => j.id));
  for (const j of [...othersJobs, ...deleted]) assert.ok(!seen.includes(j.id), j.id);
});

Deno.test("each row shows the job's state, matches so far and its public page", async () => {
  const rows = listed(await page("/jobs", partner.viewer));
  const top = rows[0]!;
  assert.equal(top.id, matched.id);
  const cells = top.cells.map(textOf);
  assert.deepEqual(cells.slice(1, 5), ["Closed", "Processing", "No", "3"]);
  const link = first(top.cells[7]!, "a");
  assert.equal(attrOf(link, "href"), `${tc.deps.siteBaseUrl}/jobs/${matched.id}`);
  const titled = listed(
    await page(
      "/jobs?cursor=" + encodeCursor({
        createdAt: jobs[1]!.created_at,
        id: jobs[1]!.id,
      }),
      partner.viewer,
    ),
  );
  assert.equal(titled.length, 1);
  const title = first(titled[0]!.cells[0]!, "bdi");
  assert.equal(attrOf(title, "dir"), "auto");
  assert.equal(textOf(title), "ممرضة في قسم الطوارئ");
});

Deno.test("the status filter shows jobs of that status only, and keeps it across pages", async () => {
  const doc = await page("/jobs?status=paused", partner.developer);
  const ids = listed(doc).map((r) => r.id);
  assert.deepEqual(ids, live.filter((j) => j.status === "paused").map((j) => j.id));
  const selected = elements(first(doc, "select"), "option").find((o) =>
    attrOf(o, "selected") !== undefined
  );
  assert.equal(attrOf(selected!, "value"), "paused");

  const active = live.filter((j) => j.status === "active");
  assert.ok(active.length <= JOBS_PAGE_SIZE);
  const all = await page("/jobs?status=", partner.viewer);
  assert.equal(listed(all).length, JOBS_PAGE_SIZE);
  const next = new URL(nextHref(all)!, "http://x");
  assert.equal(next.searchParams.get("status"), null);
});

Deno.test("deleted jobs are listed under their own filter, without a public page", async () => {
  const doc = await page("/jobs?status=deleted", partner.viewer);
  const rows = listed(doc);
  assert.deepEqual(rows.map((r) => r.id), [...deleted].reverse().map((j) => j.id));
  for (const r of rows) {
    assert.match(textOf(r.cells[1]!), /^Deleted/);
    assert.equal(elements(r.cells[7]!, "a").length, 0);
  }
});

Deno.test("another partner sees none of these jobs", async () => {
  const ids = listed(await page("/jobs", other.admin)).map((r) => r.id);
  assert.deepEqual(ids, [...othersJobs].reverse().map((j) => j.id));
  // A cursor naming this partner's job only positions the other's list.
  const cursor = encodeCursor({ createdAt: new Date(), id: matched.id });
  const after = listed(await page(`/jobs?cursor=${cursor}`, other.viewer)).map((r) => r.id);
  assert.ok(after.every((id) => othersJobs.some((j) => j.id === id)));
});

Deno.test("a malformed status or cursor answers a 400 page in the request's language", async () => {
  for (
    const query of [
      "status=archived",
      "status=ACTIVE",
      "cursor=",
      "cursor=abc",
      "cursor=%FF%FE",
      `cursor=${encodeCursor({ createdAt: new Date(), id: newId("wh") })}`,
      "status=active&cursor=bm90IGpzb24",
    ]
  ) {
    const res = await tc.get(`/jobs?${query}`, partner.viewer);
    assert.equal(res.status, 400, query);
    assert.match(textOf(parseHtml(await res.text())), /This request is not valid/);
  }
  const res = await tc.get("/jobs?status=x&lang=ar", partner.admin);
  assert.equal(res.status, 400);
  const doc = parseHtml(await res.text());
  assert.equal(attrOf(first(doc, "html"), "dir"), "rtl");
  assert.match(textOf(doc), /الطلب غير صالح/);
});

Deno.test("the list in Arabic, and an empty list", async () => {
  const doc = await page("/jobs?lang=ar", partner.admin);
  assert.equal(attrOf(first(doc, "html"), "lang"), "ar");
  assert.equal(textOf(first(doc, "h1")), "الوظائف");
  assert.equal(textOf(listed(doc)[0]!.cells[1]!), "مغلقة");
  const fresh = await tc.partner("sandbox");
  const empty = await page("/jobs", fresh.viewer);
  assert.equal(listed(empty).length, 0);
  assert.match(textOf(empty), /No jobs yet/);
});

Deno.test("the jobs list needs a session", async () => {
  const res = await tc.get("/jobs?status=active");
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/sign-in?next=%2Fjobs%3Fstatus%3Dactive");
});

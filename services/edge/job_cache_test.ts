import assert from "node:assert/strict";
import { type JobRow, toPublicJob } from "@hire/jobs";
import { jobRow } from "@hire/testing/job_rows.ts";
import { createJobCache } from "./job_cache.ts";

const SITE = "https://jobs.example";

const row = (id: string, description = "x"): JobRow =>
  jobRow({ jobId: id, partnerId: "ptr_1", fields: { description } });

/** What one job of `description` counts for in a cache. */
const bytesOf = (description: string) => {
  const cache = createJobCache(1_000_000, SITE);
  cache.set(row("job_size", description), cache.generation());
  return cache.size().bytes;
};

Deno.test("the job cache answers what was set, and nothing after a drop or a clear", () => {
  const cache = createJobCache(1_000_000, SITE);
  cache.set(row("job_a"), cache.generation());
  cache.set(row("job_b"), cache.generation());
  assert.equal(cache.get("job_a")?.row.id, "job_a");
  cache.drop(["job_a", "job_unknown"]);
  assert.equal(cache.get("job_a"), undefined);
  assert.equal(cache.get("job_b")?.row.id, "job_b");
  cache.clear();
  assert.equal(cache.get("job_b"), undefined);
  assert.deepEqual(cache.size(), { rows: 0, bytes: 0 });
});

Deno.test("a row read before a drop is not cached after it, even of another job", () => {
  const cache = createJobCache(1_000_000, SITE);
  const before = cache.generation();
  cache.drop(["job_a"]);
  cache.set(row("job_a"), before);
  cache.set(row("job_b"), before);
  assert.equal(cache.get("job_a"), undefined);
  assert.equal(cache.get("job_b"), undefined);
  cache.set(row("job_a"), cache.generation());
  assert.equal(cache.get("job_a")?.row.id, "job_a");
});

Deno.test("the job cache stays within its bytes, least recently used out first", () => {
  const capacity = Math.floor(3.5 * bytesOf("d".repeat(200)));
  const cache = createJobCache(capacity, SITE);
  for (const id of ["job_a", "job_b", "job_c"]) cache.set(row(id, "d".repeat(200)), 0);
  assert.equal(cache.size().rows, 3);
  cache.get("job_a");
  cache.set(row("job_d", "d".repeat(200)), 0);
  assert.deepEqual(
    ["job_a", "job_b", "job_c", "job_d"].map((id) => cache.get(id) !== undefined),
    [true, false, true, true],
  );
  assert.ok(cache.size().bytes <= capacity);
  // A row larger than the whole cache is not cached, and evicts nothing.
  cache.set(row("job_e", "d".repeat(capacity)), 0);
  assert.equal(cache.get("job_e"), undefined);
  assert.equal(cache.size().rows, 3);
  // Replacing a row counts its size once.
  cache.set(row("job_a", "d".repeat(200)), 0);
  assert.equal(cache.size().rows, 3);
});

Deno.test("a cache of size 0 caches nothing", () => {
  const cache = createJobCache(0, SITE);
  cache.set(row("job_a"), cache.generation());
  assert.equal(cache.get("job_a"), undefined);
});

Deno.test("a cached job keeps its public JSON, answered as is until the job is dropped", () => {
  const cache = createJobCache(1_000_000, SITE);
  const job = row("job_a", "Night shifts");
  const set = cache.set(job, cache.generation());
  assert.deepEqual(JSON.parse(set.body), JSON.parse(JSON.stringify(toPublicJob(job, SITE))));
  assert.equal(JSON.parse(set.body).service_url, `${SITE}/jobs/job_a`);
  assert.equal(cache.get("job_a")?.body, set.body);
  cache.drop(["job_a"]);
  const changed = cache.set({ ...job, title: "Head nurse" }, cache.generation());
  assert.equal(JSON.parse(cache.get("job_a")!.body).title, "Head nurse");
  assert.equal(cache.get("job_a")?.body, changed.body);
});

Deno.test("a job read too late to cache still comes back with its body", () => {
  const cache = createJobCache(1_000_000, SITE);
  const before = cache.generation();
  cache.drop(["job_b"]);
  const job = cache.set(row("job_a"), before);
  assert.equal(JSON.parse(job.body).id, "job_a");
  assert.equal(cache.get("job_a"), undefined);
});

Deno.test("a job's body counts toward the cache's bytes", () => {
  // Titles and descriptions cost the same, so the rest is the body's share.
  assert.ok(bytesOf("d".repeat(1_000)) - bytesOf("") >= 4 * 1_000);
});

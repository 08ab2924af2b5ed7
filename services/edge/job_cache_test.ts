import assert from "node:assert/strict";
import type { JobRow } from "@hire/jobs";
import { createJobCache } from "./job_cache.ts";

const row = (id: string, description = "x"): JobRow =>
  ({ id, title: "Nurse", description, partner_id: "ptr_1" }) as JobRow;

Deno.test("the job cache answers what was set, and nothing after a drop or a clear", () => {
  const cache = createJobCache(1_000_000);
  cache.set(row("job_a"), cache.generation());
  cache.set(row("job_b"), cache.generation());
  assert.equal(cache.get("job_a")?.id, "job_a");
  cache.drop(["job_a", "job_unknown"]);
  assert.equal(cache.get("job_a"), undefined);
  assert.equal(cache.get("job_b")?.id, "job_b");
  cache.clear();
  assert.equal(cache.get("job_b"), undefined);
  assert.deepEqual(cache.size(), { rows: 0, bytes: 0 });
});

Deno.test("a row read before a drop is not cached after it, even of another job", () => {
  const cache = createJobCache(1_000_000);
  const before = cache.generation();
  cache.drop(["job_a"]);
  cache.set(row("job_a"), before);
  cache.set(row("job_b"), before);
  assert.equal(cache.get("job_a"), undefined);
  assert.equal(cache.get("job_b"), undefined);
  cache.set(row("job_a"), cache.generation());
  assert.equal(cache.get("job_a")?.id, "job_a");
});

Deno.test("the job cache stays within its bytes, least recently used out first", () => {
  // Each row: 2 × (5 + 200) + 1,600 = 2,010 bytes.
  const cache = createJobCache(6_100);
  for (const id of ["job_a", "job_b", "job_c"]) cache.set(row(id, "d".repeat(200)), 0);
  assert.equal(cache.size().rows, 3);
  cache.get("job_a");
  cache.set(row("job_d", "d".repeat(200)), 0);
  assert.deepEqual(
    ["job_a", "job_b", "job_c", "job_d"].map((id) => cache.get(id) !== undefined),
    [true, false, true, true],
  );
  assert.ok(cache.size().bytes <= 6_100);
  // A row larger than the whole cache is not cached, and evicts nothing.
  cache.set(row("job_e", "d".repeat(3_000)), 0);
  assert.equal(cache.get("job_e"), undefined);
  assert.equal(cache.size().rows, 3);
  // Replacing a row counts its size once.
  cache.set(row("job_a", "d".repeat(200)), 0);
  assert.equal(cache.size().rows, 3);
});

Deno.test("a cache of size 0 caches nothing", () => {
  const cache = createJobCache(0);
  cache.set(row("job_a"), cache.generation());
  assert.equal(cache.get("job_a"), undefined);
});

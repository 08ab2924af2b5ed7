import assert from "node:assert/strict";
import { progressBar } from "./progress.ts";

Deno.test("progressBar shows share, counts, rate and time left", () => {
  assert.equal(
    progressBar({ done: 3_500, total: 10_000, what: "seekers", elapsedMs: 30_000 }, 10),
    "[####......]   35%  3,500/10,000 seekers  117/s  ETA 0:56",
  );
  assert.equal(
    progressBar({ done: 0, total: 10, what: "jobs", elapsedMs: 0 }, 4),
    "[....]    0%  0/10 jobs",
  );
  assert.equal(
    progressBar({ done: 10, total: 10, what: "jobs", elapsedMs: 2_000 }, 4),
    "[####]  100%  10/10 jobs  5.0/s",
  );
  // Nothing to do is done.
  assert.equal(
    progressBar({ done: 0, total: 0, what: "jobs", elapsedMs: 0 }, 4),
    "[####]  100%  0/0 jobs",
  );
});

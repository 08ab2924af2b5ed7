import assert from "node:assert/strict";
import { costTable, type JobKind, medians } from "./report.ts";

const kind = (name: string, before: number[], now: number[]): JobKind => ({
  name,
  about: "",
  chars: 1234.4,
  costs: {
    before: { searchText: before, jobsInsert: [1000, 1200, 1100], bareInsert: [50, 50, 50] },
    now: { searchText: now, jobsInsert: [800, 900, 700], bareInsert: [40, 60, 50] },
  },
});

Deno.test("medians keep the middle repeat of each figure", () => {
  assert.deepEqual(medians(kind("a", [300, 100, 200], [1, 2, 3]).costs.before), {
    searchText: 200,
    jobsInsert: 1100,
    bareInsert: 50,
  });
});

Deno.test("costTable gives each kind's figures before → now and the jobs insert over the bare one", () => {
  const table = costTable([kind("postings", [380, 400, 360], [190, 180, 185])], {
    before: "old",
    now: "new",
  });
  const [header, , row] = table.split("\n");
  assert.match(header!, /search text, µs a job \(old → new\)/);
  assert.equal(
    row,
    "| postings | 1,234 | 380 → 185 | 1,100 → 800 | 50, 50 | 22.00× → 16.00× | 0.49× |",
  );
});

Deno.test("costTable gives no ratio to a search text too cheap to measure", () => {
  const [, , row] = costTable([kind("load", [0, 0, 0], [0, 0, 0])], { before: "a", now: "b" })
    .split("\n");
  assert.match(row!, /\| — \|$/);
});

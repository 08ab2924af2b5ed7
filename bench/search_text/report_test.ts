import assert from "node:assert/strict";
import { costTable, type JobKind, medians, partsTable } from "./report.ts";

const kind = (name: string, before: number[], now: number[]): JobKind => ({
  name,
  about: "",
  chars: 1234.4,
  costs: {
    before: { searchText: before, jobsInsert: [1000, 1200, 1100], bareInsert: [50, 50, 50] },
    now: { searchText: now, jobsInsert: [800, 900, 700], bareInsert: [40, 60, 50] },
  },
  parts: { vectorless: [100, 90, 80], unindexed: [500, 450, 400], vector: [200, 250, 220] },
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

Deno.test("partsTable splits the insert now into the row, the vector and the search index", () => {
  const [header, , row] = partsTable([kind("postings", [1, 2, 3], [1, 2, 3])]).split("\n");
  assert.match(header!, /the row without its vector \| without the search index/);
  // Whole 800; the row 90; without the index 450: the index 350, the vector stored 360.
  assert.equal(row, "| postings | 800 | 90 | 450 | 350 | 360 | 220 |");
});

import assert from "node:assert/strict";
import { bindableRuns, MAX_BIND_PARAMETERS } from "./bind_limit.ts";

Deno.test("bindable runs: each run binds at most the protocol's parameters, rows in order", () => {
  const row = (i: number) => ({ a: i, b: 1, c: 2, d: 3, e: 4, f: 5, g: 6, h: 7, i: 8 });
  const perRun = Math.floor(MAX_BIND_PARAMETERS / 9);
  const rows = Array.from({ length: 2 * perRun + 5 }, (_, i) => row(i));
  const runs = bindableRuns(rows);
  assert.deepEqual(runs.map((r) => r.length), [perRun, perRun, 5]);
  assert.ok(runs.every((r) => r.length * 9 <= MAX_BIND_PARAMETERS));
  assert.deepEqual(runs.flat(), rows);
});

Deno.test("bindable runs: a write that names its columns is split by their count", () => {
  const perRun = Math.floor(MAX_BIND_PARAMETERS / 21);
  const rows = Array.from({ length: 2 * perRun + 5 }, (_, i) => ({ a: i, unwritten: "x" }));
  assert.deepEqual(bindableRuns(rows, 21).map((r) => r.length), [perRun, perRun, 5]);
});

Deno.test("bindable runs: few rows are one run; none are none", () => {
  assert.deepEqual(bindableRuns([{ a: 1 }, { a: 2 }]), [[{ a: 1 }, { a: 2 }]]);
  assert.deepEqual(bindableRuns([]), []);
});

Deno.test("bindable runs: no run reaches the 65,534 parameters postgres.js refuses", () => {
  const rows = Array.from({ length: 70_000 }, (_, i) => ({ a: i }));
  // 1, 2, 7 and 14 divide 65,534: a run of exactly that many parameters would be refused.
  for (const columns of [1, 2, 7, 14, 9]) {
    const runs = bindableRuns(rows, columns);
    assert.ok(runs.every((r) => r.length * columns < 65_534), `${columns} columns`);
    assert.equal(runs.flat().length, rows.length);
  }
});

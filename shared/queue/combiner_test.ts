import assert from "node:assert/strict";
import { combiner, combinerWithResults } from "./combiner.ts";

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

Deno.test("combiner runs a lone submission at once", async () => {
  const runs: number[][] = [];
  const submit = combiner<number>((items) => (runs.push(items), Promise.resolve()));
  await submit([1]);
  assert.deepEqual(runs, [[1]]);
});

Deno.test("combiner combines submissions made while a run is in progress, in order", async () => {
  const runs: number[][] = [];
  const gate = deferred();
  const submit = combiner<number>(async (items) => {
    runs.push(items);
    if (runs.length === 1) await gate.promise;
  });
  const first = submit([1]);
  const rest = [submit([2]), submit([3, 4]), submit([5])];
  gate.resolve();
  await Promise.all([first, ...rest]);
  assert.deepEqual(runs, [[1], [2, 3, 4, 5]]);
});

Deno.test("combiner shares a failed run's error with every submission in it, and goes on", async () => {
  const gate = deferred();
  let calls = 0;
  const submit = combiner<number>(async (items) => {
    calls++;
    if (calls === 1) return await gate.promise;
    if (items.includes(2)) throw new Error("boom");
  });
  const first = submit([1]);
  const a = submit([2]);
  const b = submit([3]);
  gate.resolve();
  await first;
  await assert.rejects(a, /boom/);
  await assert.rejects(b, /boom/);
  await submit([4]);
  assert.equal(calls, 3);
});

Deno.test("combiner caps a run at maxItems but never splits a submission", async () => {
  const runs: number[][] = [];
  const gate = deferred();
  const submit = combiner<number>(async (items) => {
    runs.push(items);
    if (runs.length === 1) await gate.promise;
  }, { maxItems: 3 });
  const all = [submit([0]), submit([1, 2]), submit([3]), submit([4, 5, 6, 7]), submit([8])];
  gate.resolve();
  await Promise.all(all);
  assert.deepEqual(runs, [[0], [1, 2, 3], [4, 5, 6, 7], [8]]);
});

Deno.test("combinerWithResults gives each submission the results of its own items", async () => {
  const gate = deferred();
  const runs: number[][] = [];
  const submit = combinerWithResults<number, string>(async (items) => {
    runs.push(items);
    if (runs.length === 1) await gate.promise;
    return items.map((i) => `r${i}`);
  });
  const first = submit([1]);
  const a = submit([2, 3]);
  const b = submit([4]);
  gate.resolve();
  assert.deepEqual(await Promise.all([first, a, b]), [["r1"], ["r2", "r3"], ["r4"]]);
  assert.deepEqual(runs, [[1], [2, 3, 4]]);
});

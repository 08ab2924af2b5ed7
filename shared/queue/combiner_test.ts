import assert from "node:assert/strict";
import { nextTurn } from "@hire/testing/wait.ts";
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

Deno.test("combiner runs a lone submission on the next turn of the event loop", async () => {
  const runs: number[][] = [];
  const submit = combiner<number>((items) => (runs.push(items), Promise.resolve()));
  const done = submit([1]);
  assert.deepEqual(runs, [], "not started in the caller's turn");
  await nextTurn();
  assert.deepEqual(runs, [[1]]);
  await done;
});

Deno.test("combiner gives submissions made in one turn a single run, in order", async () => {
  const runs: number[][] = [];
  const submit = combiner<number>((items) => (runs.push(items), Promise.resolve()));
  // As the batches of one Kafka fetch reach their partitions' handlers.
  await Promise.all([submit([1]), submit([2, 3]), submit([4])]);
  assert.deepEqual(runs, [[1, 2, 3, 4]]);
});

Deno.test("combiner combines submissions made while a run is in progress, in order", async () => {
  const runs: number[][] = [];
  const gate = deferred();
  const submit = combiner<number>(async (items) => {
    runs.push(items);
    if (runs.length === 1) await gate.promise;
  });
  const first = submit([1]);
  await nextTurn();
  const rest = [submit([2]), submit([3, 4]), submit([5])];
  gate.resolve();
  await Promise.all([first, ...rest]);
  assert.deepEqual(runs, [[1], [2, 3, 4, 5]]);
});

Deno.test("combiner fails the submissions of a run that throws, and goes on", async () => {
  let calls = 0;
  const submit = combiner<number>((items) => {
    calls++;
    if (items.includes(1)) throw new Error("thrown, not rejected");
    return Promise.resolve();
  });
  await assert.rejects(submit([1]), /thrown, not rejected/);
  await submit([2]);
  assert.equal(calls, 2);
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
  await nextTurn();
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
  const first = submit([0]);
  await nextTurn();
  const rest = [submit([1, 2]), submit([3]), submit([4, 5, 6, 7]), submit([8])];
  gate.resolve();
  await Promise.all([first, ...rest]);
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
  await nextTurn();
  const a = submit([2, 3]);
  const b = submit([4]);
  gate.resolve();
  assert.deepEqual(await Promise.all([first, a, b]), [["r1"], ["r2", "r3"], ["r4"]]);
  assert.deepEqual(runs, [[1], [2, 3, 4]]);
});

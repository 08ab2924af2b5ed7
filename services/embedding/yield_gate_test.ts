import assert from "node:assert/strict";
import { yieldGate } from "./yield_gate.ts";

const LATE = 30_000;

/** An API whose load the test sets; time moves only when the gate sleeps. */
function api() {
  const a = {
    t: 0,
    load: 0,
    sleeps: 0,
    changes: [] as [boolean, number][],
    /** Loads the gate's next looks read, one per look, before `load`. */
    script: [] as number[],
  };
  const gate = yieldGate({
    threshold: 0.25,
    lateAfterMs: 30_000,
    maxWaitMs: 1000,
    probeMs: 100,
    readLoad: () => a.script.shift() ?? a.load,
    now: () => a.t,
    sleep: (ms) => {
      a.sleeps++;
      a.t += ms;
      return Promise.resolve();
    },
    onChange: (yielding, load) => void a.changes.push([yielding, load]),
  });
  return { a, gate };
}

Deno.test("yield gate: work goes at once while the API is quiet", async () => {
  const { a, gate } = api();
  a.load = 0.25;
  assert.equal(await gate(LATE), "free", "at the threshold is not above it");
  assert.equal(await gate(LATE), "free");
  assert.equal(a.sleeps, 0);
  assert.deepEqual(a.changes, []);
});

Deno.test("yield gate: while the API is busy work waits, and goes small after the longest wait", async () => {
  const { a, gate } = api();
  a.load = 0.6;
  assert.equal(await gate(LATE), "yielded", "busy throughout: it goes on after the longest wait");
  assert.equal(a.sleeps, 10, "ten probes of 100 ms make the 1 s wait");
  assert.deepEqual(a.changes, [[true, 0.6]]);

  a.script = [0.6, 0.6, 0.1];
  const sleepsBefore = a.sleeps;
  assert.equal(await gate(LATE), "free", "the API went quiet at the second probe");
  assert.equal(a.sleeps - sleepsBefore, 2);
  assert.deepEqual(a.changes, [[true, 0.6], [false, 0.1]], "told when it stops yielding");
});

Deno.test("yield gate: work that has not waited long goes at once however busy the API", async () => {
  const { a, gate } = api();
  a.load = 5;
  assert.equal(await gate(LATE - 1), "free");
  assert.equal(a.sleeps, 0);
  assert.deepEqual(a.changes, [], "fresh work neither starts nor ends a spell of yielding");
  assert.equal(await gate(LATE), "yielded");
});

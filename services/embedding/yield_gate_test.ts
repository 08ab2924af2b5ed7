import assert from "node:assert/strict";
import { BURST_SPAN_MS, RELEASE_SHARE, yieldGate } from "./yield_gate.ts";

/** An API whose load the test sets; time moves only when the gate sleeps. */
function api() {
  const a = {
    t: 0,
    load: 0,
    sleeps: 0,
    changes: [] as [boolean, number][],
    bursts: [] as [boolean, number][],
    /** Loads the gate's next looks read, one per look, before `load`. */
    script: [] as number[],
  };
  const gate = yieldGate({
    threshold: 0.25,
    lateAfterMs: 30_000,
    burstPerSecond: 100,
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
    onBurst: (bursting, perSecond) => void a.bursts.push([bursting, perSecond]),
  });
  return { a, gate };
}

Deno.test("yield gate: late work goes at once while the API is quiet", async () => {
  const { a, gate } = api();
  a.load = 0.25;
  assert.equal(await gate.admitLate(true), "free", "at the threshold is not above it");
  assert.equal(await gate.admitLate(false), "free");
  assert.equal(a.sleeps, 0);
  assert.deepEqual(a.changes, []);
  assert.equal(gate.lateAfterMs(), 30_000);
});

Deno.test("yield gate: while the API is busy work waits, and goes small after the longest wait", async () => {
  const { a, gate } = api();
  a.load = 0.6;
  assert.equal(
    await gate.admitLate(true),
    "yielded",
    "busy throughout: it goes on after the longest wait",
  );
  assert.equal(a.sleeps, 10, "ten probes of 100 ms make the 1 s wait");
  assert.deepEqual(a.changes, [[true, 0.6]]);

  a.script = [0.6, 0.6, 0.1];
  const sleepsBefore = a.sleeps;
  assert.equal(await gate.admitLate(true), "free", "the API went quiet at the second probe");
  assert.equal(a.sleeps - sleepsBefore, 2);
  assert.deepEqual(a.changes, [[true, 0.6], [false, 0.1]], "told when it stops yielding");
});

Deno.test("yield gate: a caller that may not wait is told to defer while the API is busy", async () => {
  const { a, gate } = api();
  a.load = 0.6;
  assert.equal(await gate.admitLate(false), "deferred");
  assert.equal(a.sleeps, 0, "told at once, without a wait");
  assert.deepEqual(a.changes, [[true, 0.6]], "deferring is yielding");
  a.load = 0.1;
  assert.equal(await gate.admitLate(false), "free");
  assert.deepEqual(a.changes, [[true, 0.6], [false, 0.1]]);
});

Deno.test("yield gate: once it holds work back, the API is quiet again only at half the threshold or less", async () => {
  const { a, gate } = api();
  assert.equal(RELEASE_SHARE, 0.5);
  a.load = 0.3;
  assert.equal(await gate.admitLate(false), "deferred", "above the threshold (0.25)");
  a.load = 0.2;
  assert.equal(await gate.admitLate(false), "deferred", "below the threshold, above half of it");
  a.script = [0.2, 0.2, 0.125];
  assert.equal(await gate.admitLate(true), "free", "at half the threshold, at the second probe");
  assert.deepEqual(a.changes, [[true, 0.3], [false, 0.125]]);
  a.load = 0.2;
  assert.equal(await gate.admitLate(false), "free", "quiet again: the threshold itself applies");
  assert.deepEqual(a.changes, [[true, 0.3], [false, 0.125]]);
});

Deno.test("yield gate: texts arriving faster than the burst rate make all work late, for the span", () => {
  const { a, gate } = api();
  // A gate that has watched for a whole span, as in steady operation.
  const t0 = a.t = BURST_SPAN_MS;
  gate.arrived(300);
  a.t += 1000;
  gate.arrived(200);
  assert.equal(gate.lateAfterMs(), 30_000, "500 over 5 s is 100 a second: not above it");
  gate.arrived(1);
  assert.equal(gate.lateAfterMs(), 0, "above it: fresh work is late too");
  assert.deepEqual(a.bursts, [[true, 100.2]]);
  gate.arrived(0);
  a.t = t0 + BURST_SPAN_MS - 1;
  assert.equal(gate.lateAfterMs(), 0, "the first 300 are still inside the span");
  a.t = t0 + BURST_SPAN_MS;
  assert.equal(gate.lateAfterMs(), 30_000, "they left it: 201 over 5 s is no burst");
  assert.deepEqual(a.bursts, [[true, 100.2], [false, 40.2]], "told once when it starts and ends");
});

Deno.test("yield gate: a gate just made counts arrivals over the time it has watched, at least a second", () => {
  const restart = api();
  restart.a.t = 300;
  restart.gate.arrived(256);
  assert.equal(
    restart.gate.lateAfterMs(),
    0,
    "a backlog's first fetch 0.3 s after the start: 256 a second, a burst",
  );
  assert.deepEqual(restart.a.bursts, [[true, 256]]);

  const bulk = api();
  bulk.gate.arrived(100);
  assert.equal(bulk.gate.lateAfterMs(), 30_000, "100 at once is counted over a second: no burst");
  bulk.a.t = 2000;
  bulk.gate.arrived(101);
  assert.equal(bulk.gate.lateAfterMs(), 0, "201 over the 2 s watched: above 100 a second");
  bulk.a.t = 2500;
  assert.equal(bulk.gate.lateAfterMs(), 30_000, "201 over 2.5 s: below it");
  assert.deepEqual(bulk.a.bursts, [[true, 100.5], [false, 80.4]]);
});

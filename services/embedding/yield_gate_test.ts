import assert from "node:assert/strict";
import { yieldGate } from "./yield_gate.ts";

/** A machine whose CPU pressure the test sets; time moves only when the gate sleeps or `pass` is called. */
function machine() {
  const m = {
    t: 0,
    stallUs: 0,
    pressure: 0,
    sleeps: 0,
    changes: [] as [boolean, number][],
    pass(ms: number) {
      m.t += ms;
      m.stallUs += ms * 1000 * m.pressure;
    },
  };
  const gate = yieldGate({
    threshold: 0.25,
    maxWaitMs: 1000,
    probeMs: 100,
    readStallUs: () => Promise.resolve(m.stallUs),
    now: () => m.t,
    sleep: (ms) => {
      m.sleeps++;
      m.pass(ms);
      return Promise.resolve();
    },
    onChange: (yielding, pressure) => void m.changes.push([yielding, pressure]),
  });
  return { m, gate };
}

Deno.test("yield gate: work goes at once on a quiet machine, and the first time", async () => {
  const { m, gate } = machine();
  m.pressure = 0.9;
  assert.equal(await gate(), "free", "nothing known yet: no wait");
  m.pressure = 0.1;
  m.pass(500);
  assert.equal(await gate(), "free");
  assert.equal(m.sleeps, 0);
  assert.deepEqual(m.changes, []);
});

Deno.test("yield gate: on a busy machine work waits until it is free again", async () => {
  const { m, gate } = machine();
  await gate();
  m.pressure = 0.6;
  m.pass(300);
  assert.equal(await gate(), "yielded", "busy throughout: it goes on after the longest wait");
  assert.equal(m.sleeps, 10, "ten probes of 100 ms make the 1 s wait");
  assert.equal(m.changes.length, 1);
  assert.equal(m.changes[0]![0], true);
  assert.ok(Math.abs(m.changes[0]![1] - 0.6) < 1e-9);

  m.pressure = 0.6;
  m.pass(100);
  const sleepsBefore = m.sleeps;
  const calmer = gate();
  m.pressure = 0.1; // every probe from now on sees a quiet machine
  assert.equal(await calmer, "free");
  assert.equal(m.sleeps - sleepsBefore, 1, "one probe saw the machine free");
  assert.deepEqual(m.changes.map(([y]) => y), [true, false], "told when it stops yielding");
});

Deno.test("yield gate: a look sooner than a probe after the last is judged as that one was", async () => {
  const { m, gate } = machine();
  await gate();
  m.pressure = 0.1;
  m.pass(200);
  assert.equal(await gate(), "free");
  m.pressure = 1; // a burst too short to judge
  m.pass(20);
  assert.equal(await gate(), "free");
  assert.equal(m.sleeps, 0);
});

Deno.test("yield gate: where the kernel keeps no pressure, nothing waits", async () => {
  let sleeps = 0;
  const gate = yieldGate({
    threshold: 0,
    maxWaitMs: 1000,
    probeMs: 100,
    readStallUs: () => Promise.resolve(null),
    sleep: () => Promise.resolve(void sleeps++),
  });
  for (let i = 0; i < 3; i++) assert.equal(await gate(), "free");
  assert.equal(sleeps, 0);
});

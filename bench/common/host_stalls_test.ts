import assert from "node:assert/strict";
import { hostByWindow, type HostSample, pressureSomeUs, watchHost } from "./host_stalls.ts";

Deno.test("pressureSomeUs: the `some` line's total; none without one", () => {
  const text = "some avg10=0.63 avg60=0.57 avg300=2.26 total=64461600\n" +
    "full avg10=0.00 avg60=0.20 avg300=0.88 total=35019012\n";
  assert.equal(pressureSomeUs(text), 64461600);
  assert.equal(pressureSomeUs(""), null);
});

const sample = (at: number, stolenTicks: number, ioWaitUs: number | null): HostSample => ({
  at,
  stolenTicks,
  ioWaitUs,
});

Deno.test("hostByWindow: each window's disk waits and steal, between the readings nearest its edges", () => {
  const from = 1_000_000;
  // Readings every 2.5 s, a little late; a disk stall of 330 ms and 40 ticks stolen in the second window.
  const samples = [
    sample(from + 10, 100, 5_000_000),
    sample(from + 2_510, 101, 5_090_000),
    sample(from + 5_010, 102, 5_180_000),
    sample(from + 7_510, 142, 5_600_000),
    sample(from + 10_010, 142, 5_690_000),
  ];
  assert.deepEqual(hostByWindow(samples, from, 5_000, 2), [
    { ioWaitMs: 180, stolenPct: 0 },
    { ioWaitMs: 510, stolenPct: 8 },
  ]);
});

Deno.test("hostByWindow: disk waits are unknown where the kernel keeps no pressure figures, and nothing read is nothing taken", () => {
  const samples = [sample(0, 0, null), sample(5_000, 50, null)];
  assert.deepEqual(hostByWindow(samples, 0, 5_000, 1), [{ ioWaitMs: null, stolenPct: 10 }]);
  assert.deepEqual(hostByWindow([], 0, 5_000, 2), [
    { ioWaitMs: null, stolenPct: 0 },
    { ioWaitMs: null, stolenPct: 0 },
  ]);
});

Deno.test("watchHost: reads this machine until stopped, in order, steal never going back", async () => {
  const watching = watchHost(20);
  await new Promise((r) => setTimeout(r, 120));
  const samples = await watching.stop();
  assert.ok(samples.length >= 3, `${samples.length} readings`);
  samples.slice(1).forEach((b, i) => {
    const a = samples[i]!;
    assert.ok(b.at >= a.at && b.stolenTicks >= a.stolenTicks);
  });
});

import assert from "node:assert/strict";
import { type CpuSnapshot, EXITED, machineTicks, STOLEN, usage } from "./cpu.ts";

Deno.test("the machine's ticks: steal is neither busy nor idle, and guest time not counted twice", () => {
  // user nice system idle iowait irq softirq steal guest guest_nice
  const t = machineTicks("cpu  900 100 300 500 50 0 50 100 70 0\ncpu0 1 2 3 4 5 6 7 8 9 10\n");
  assert.deepEqual(t, { busy: 1350, stolen: 100, total: 2000 });
});

const at = (seconds: number, ticks: number, machine: CpuSnapshot["machine"]): CpuSnapshot => ({
  at: seconds * 1000,
  procs: new Map([[-1, { group: "edge (deno)", command: "edge", ticks, childTicks: 0 }]]),
  machine,
});

Deno.test("stolen time is a group of its own, outside the busy share and the exited processes", () => {
  // Ten seconds on two cores (2,000 ticks): the edge ran 600, something gone 100, 400 stolen.
  const u = usage(
    at(0, 0, { busy: 0, stolen: 0, total: 0 }),
    at(10, 600, { busy: 700, stolen: 400, total: 2000 }),
  );
  assert.equal(u.machineBusyPct, 35);
  assert.deepEqual(
    u.groups.map((g) => [g.group, g.corePct]),
    [["edge (deno)", 60], [STOLEN, 40], [EXITED, 10]],
  );
});

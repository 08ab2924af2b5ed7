import assert from "node:assert/strict";
import { portAllocator } from "./process_fleet.ts";
import { cpuTicks } from "../common/cpu.ts";
import { arrivalLine, parseArrival } from "./receivers.ts";

Deno.test("an arrival line gives back the webhook label, the event id and the time", () => {
  const line = arrivalLine(4431, "/fast-1", JSON.stringify({ id: "evt_1", type: "x" }), 1700);
  assert.equal(line, "4431 /fast-1 evt_1 1700");
  assert.deepEqual(parseArrival(line), {
    webhook: "4431/fast-1",
    eventId: "evt_1",
    receivedAt: 1700,
  });
});

Deno.test("a body that is not an envelope arrives with no event id; a cut line is none", () => {
  for (const body of ["not json", "{}", JSON.stringify({ id: "" })]) {
    assert.equal(parseArrival(arrivalLine(1, "/p", body, 5))?.eventId, "");
  }
  assert.equal(parseArrival("4431 /fast-1 evt_1"), undefined);
});

Deno.test("portAllocator hands each port out once and then refuses", () => {
  const next = portAllocator([10, 11]);
  assert.deepEqual([next(), next()], [10, 11]);
  assert.throws(next, /only 2 receiver ports/);
});

Deno.test("cpuTicks adds utime and stime, whatever the command name holds", () => {
  const stat = "42 (deno (x) y) S 1 42 42 0 -1 4194560 100 0 0 0 250 30 0 0 20 0 9 0 1 2 3";
  assert.equal(cpuTicks(stat), 280);
});

import assert from "node:assert/strict";
import { ratioToFloor, targetVerdict } from "./report.ts";

Deno.test("a ratio just under its floor is not shown rounded up to it", () => {
  assert.equal(ratioToFloor(0.29971, 0.3), "0.2997×");
  assert.equal(ratioToFloor(0.3, 0.3), "0.30×");
  assert.equal(ratioToFloor(0.3049, 0.3), "0.30×");
  assert.equal(ratioToFloor(0.2949, 0.3), "0.29×");
  assert.equal(ratioToFloor(0.999, 1), "0.9990×");
  assert.equal(ratioToFloor(0.2997), "0.30×");
});

Deno.test("a verdict the host could have turned is shown as not judged, with why", () => {
  const target = { min_ratio: 0.3, max_p99_ms: 100 };
  assert.equal(targetVerdict({ ...target, met: true }), "met");
  assert.equal(targetVerdict({ ...target, met: false }), "missed");
  assert.equal(
    targetVerdict({ ...target, met: true, not_judged: "the hypervisor took 38% of a core" }),
    "not judged (the hypervisor took 38% of a core)",
  );
});

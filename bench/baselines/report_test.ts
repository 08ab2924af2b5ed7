import assert from "node:assert/strict";
import { ratioToFloor } from "./report.ts";

Deno.test("a ratio just under its floor is not shown rounded up to it", () => {
  assert.equal(ratioToFloor(0.29971, 0.3), "0.2997×");
  assert.equal(ratioToFloor(0.3, 0.3), "0.30×");
  assert.equal(ratioToFloor(0.3049, 0.3), "0.30×");
  assert.equal(ratioToFloor(0.2949, 0.3), "0.29×");
  assert.equal(ratioToFloor(0.999, 1), "0.9990×");
  assert.equal(ratioToFloor(0.2997), "0.30×");
});

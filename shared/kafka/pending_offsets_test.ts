import assert from "node:assert/strict";
import { pendingOffsets } from "./pending_offsets.ts";

Deno.test("pending offsets keep the next offset to read of each partition, highest wins", () => {
  const p = pendingOffsets();
  p.handled("jobs", 0, "41");
  p.handled("jobs", 0, "43");
  p.handled("jobs", 0, "42");
  p.handled("jobs", 3, "9007199254740993");
  p.handled("seekers", 0, "0");
  assert.deepEqual(p.take(), [
    { topic: "jobs", partition: 0, offset: "44" },
    { topic: "jobs", partition: 3, offset: "9007199254740994" },
    { topic: "seekers", partition: 0, offset: "1" },
  ]);
  assert.deepEqual(p.take(), []);
});

Deno.test("cleared offsets are never committed", () => {
  const p = pendingOffsets();
  p.handled("jobs", 1, "5");
  p.clear();
  assert.deepEqual(p.take(), []);
});

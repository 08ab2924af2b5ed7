import assert from "node:assert/strict";
import { claimRoom, RECORD_BATCH } from "./claim_room.ts";

Deno.test("claim room: a worker is free once its answer is in", () => {
  assert.equal(claimRoom({ concurrency: 128, requesting: 0, awaitingRecord: 0 }), 128);
  assert.equal(claimRoom({ concurrency: 128, requesting: 100, awaitingRecord: 0 }), 28);
  assert.equal(claimRoom({ concurrency: 128, requesting: 28, awaitingRecord: 100 }), 100);
  assert.equal(claimRoom({ concurrency: 128, requesting: 128, awaitingRecord: 0 }), 0);
});

Deno.test("claim room: records falling behind stop the claiming at one record batch", () => {
  const concurrency = 128;
  assert.equal(
    claimRoom({ concurrency, requesting: 0, awaitingRecord: RECORD_BATCH - 10 }),
    10,
  );
  assert.equal(claimRoom({ concurrency, requesting: 0, awaitingRecord: RECORD_BATCH }), 0);
  assert.equal(claimRoom({ concurrency, requesting: 5, awaitingRecord: RECORD_BATCH + 3 }), 0);
});

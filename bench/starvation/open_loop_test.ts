import assert from "node:assert/strict";
import { schedule } from "./open_loop.ts";

Deno.test("the open loop schedules rate × seconds requests evenly from 0", () => {
  assert.deepEqual(schedule(4, 1), [0, 250, 500, 750]);
  assert.equal(schedule(200, 30).length, 6000);
  assert.equal(schedule(200, 30).at(-1), 29_995);
});

import assert from "node:assert/strict";
import { schedule, windowP99 } from "./open_loop.ts";

Deno.test("the open loop schedules rate × seconds requests evenly from 0", () => {
  assert.deepEqual(schedule(4, 1), [0, 250, 500, 750]);
  assert.equal(schedule(200, 30).length, 6000);
  assert.equal(schedule(200, 30).at(-1), 29_995);
});

Deno.test("each window's p99 is of the requests scheduled in it, empty windows included", () => {
  const dueMs = [0, 100, 900, 2100, 2200];
  const latenciesMs = [5, 50, 7, 3, 4];
  assert.deepEqual(windowP99({ dueMs, latenciesMs }, 1000), [
    { fromS: 0, count: 3, p99: 50 },
    { fromS: 1, count: 0, p99: NaN },
    { fromS: 2, count: 2, p99: 4 },
  ]);
});

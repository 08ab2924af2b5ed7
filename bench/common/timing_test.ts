import assert from "node:assert/strict";
import { timed, timeRuns } from "./timing.ts";

Deno.test("timed gives the work's value and the time it took", async () => {
  const { ms, value } = await timed(() => new Promise((r) => setTimeout(() => r("done"), 20)));
  assert.equal(value, "done");
  assert.ok(ms >= 15, `${ms} ms`);
});

Deno.test("timeRuns times each run and leaves what runs after each out of it", async () => {
  const order: string[] = [];
  const ms = await timeRuns(
    3,
    () => Promise.resolve(order.push("work")),
    () => new Promise((r) => setTimeout(() => r(order.push("after")), 30)),
  );
  assert.equal(ms.length, 3);
  assert.ok(ms.every((m) => m < 25), `${ms.join(", ")} ms`);
  assert.deepEqual(order, ["work", "after", "work", "after", "work", "after"]);
});

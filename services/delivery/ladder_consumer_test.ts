import assert from "node:assert/strict";
import { splitDue } from "./ladder_consumer.ts";

const at = (ms: number) => ({ due_at: new Date(ms).toISOString() });

Deno.test("splitDue: the due prefix, and the wait for the first message not due", () => {
  const { due, waitMs } = splitDue([
    { offset: "1", retry: at(900) },
    { offset: "2", retry: at(1000) },
    { offset: "3", retry: at(1500) },
    { offset: "4", retry: at(1000) },
  ], 1000);
  assert.deepEqual(due.map((d) => d.offset), ["1", "2"]);
  assert.equal(waitMs, 500);
});

Deno.test("splitDue: malformed messages (no retry) are passed over as due", () => {
  const { due, waitMs } = splitDue([{ offset: "1", retry: undefined }, {
    offset: "2",
    retry: at(0),
  }], 5);
  assert.deepEqual(due.map((d) => d.offset), ["1", "2"]);
  assert.equal(waitMs, 0);
});

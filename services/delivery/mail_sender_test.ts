import assert from "node:assert/strict";
import { mailBackoffMs } from "./mail_sender.ts";

Deno.test("mail retries back off from 30 s, doubling, to at most an hour", () => {
  assert.deepEqual([1, 2, 3, 4].map(mailBackoffMs), [30_000, 60_000, 120_000, 240_000]);
  assert.equal(mailBackoffMs(20), 3_600_000);
});

import assert from "node:assert/strict";
import { cpuMeter, decodeAnnouncement, encodeAnnouncement, loadBoard } from "./load_board.ts";

Deno.test("an announcement survives its payload; anything else on the channel is ignored", () => {
  const a = { from: "edge#3f9a", cpu: 0.375 };
  assert.deepEqual(decodeAnnouncement(encodeAnnouncement(a)), a);
  for (const bad of ["", "edge#3f9a", "edge#3f9a -1", "edge#3f9a NaN", "a b c", "x 1e9"]) {
    assert.equal(decodeAnnouncement(bad), null, JSON.stringify(bad));
  }
});

Deno.test("the board sums each sender's latest word and forgets the silent", () => {
  const board = loadBoard(500);
  assert.equal(board.total(0), 0, "nobody heard: no load");
  board.heard({ from: "edge#1", cpu: 0.3 }, 0);
  board.heard({ from: "job#1", cpu: 0.2 }, 100);
  board.heard({ from: "edge#1", cpu: 0.4 }, 200);
  assert.ok(Math.abs(board.total(300) - 0.6) < 1e-9, "the edge's latest word replaces its first");
  assert.ok(Math.abs(board.total(650) - 0.4) < 1e-9, "the job service, silent 550 ms, is gone");
  assert.equal(board.total(701), 0);
});

Deno.test("the meter gives the share of a core used since its last reading", () => {
  let cpuUs = 1_000;
  let at = 0;
  const meter = cpuMeter(() => cpuUs, () => at);
  cpuUs += 50_000;
  at += 200;
  assert.equal(meter(), 0.25, "50 ms of CPU in 200 ms");
  cpuUs += 300_000;
  at += 200;
  assert.equal(meter(), 1.5, "two threads busy");
  assert.equal(meter(), 0, "no time passed: nothing to judge");
});

import assert from "node:assert/strict";
import { freePort } from "@hire/testing/ports.ts";
import { withHolder } from "../common/live_heap_fixture.ts";
import { heapSampler } from "./heap_sampler.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

Deno.test("heapSampler reads each service every interval until stopped", async () => {
  await withHolder(async (port) => {
    const sampler = heapSampler({ holder: port }, 200, 10_000);
    await sleep(900);
    const samples = await sampler.stop();
    assert.ok(samples.length >= 3, `${samples.length} samples`);
    for (const s of samples) assert.ok(s.heap.holder!.usedBytes > 30 * 1024 * 1024);
    assert.ok(samples.every((s, i) => i === 0 || s.at >= samples[i - 1]!.at + 150));
  });
});

Deno.test("heapSampler: a read that fails is reported by stop, not lost, and with no ports nothing is read", async () => {
  const failing = heapSampler({ gone: freePort() }, 100, 300);
  await sleep(600);
  await assert.rejects(failing.stop(), /no inspector on port \d+ in 300 ms/);
  assert.deepEqual(await heapSampler({}, 0).stop(), []);
});

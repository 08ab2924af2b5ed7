import assert from "node:assert/strict";
import { freePort } from "@hire/testing/ports.ts";
import { withHolder } from "./live_heap_fixture.ts";
import { connectInspector, liveHeapOf, readLiveHeap } from "./live_heap.ts";

const MiB = 1024 * 1024;

Deno.test("readLiveHeap: the live heap is what the process keeps, its dropped objects collected", async () => {
  await withHolder(async (port) => {
    const heap = await readLiveHeap(port, 10_000);
    // One copy of the objects is kept, the other was dropped: a read without the full
    // collection finds both (about 80 MiB).
    assert.ok(heap.usedBytes > 30 * MiB, `used ${heap.usedBytes}`);
    assert.ok(heap.usedBytes < 60 * MiB, `used ${heap.usedBytes}`);
    assert.ok(heap.totalBytes >= heap.usedBytes);
    // The session was closed: the inspector takes the next one.
    const again = await readLiveHeap(port, 10_000);
    assert.ok(Math.abs(again.usedBytes - heap.usedBytes) < 5 * MiB);
  });
});

Deno.test("connectInspector: no inspector on the port fails after the timeout instead of hanging", async () => {
  await assert.rejects(connectInspector(freePort(), 300), /no inspector on port \d+ in 300 ms/);
});

Deno.test("liveHeapOf reads V8's answer and refuses anything else", () => {
  assert.deepEqual(liveHeapOf({ usedSize: 10, totalSize: 20, backingStorageSize: 5 }), {
    usedBytes: 10,
    totalBytes: 20,
    backingStoreBytes: 5,
  });
  assert.equal(liveHeapOf({ usedSize: 10, totalSize: 20 }).backingStoreBytes, null);
  assert.throws(() => liveHeapOf({ usedSize: "10" }), /not a heap usage/);
});

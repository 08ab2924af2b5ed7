import assert from "node:assert/strict";
import { memTotalBytes, sharedBuffersPlan } from "./postgres_memory.ts";

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

Deno.test("a server at the default 128 MB gets a quarter of the memory, at most 2 GB", () => {
  assert.equal(sharedBuffersPlan(128 * MiB, 4 * GiB), 1024);
  assert.equal(sharedBuffersPlan(128 * MiB, 3 * GiB), 768);
  assert.equal(sharedBuffersPlan(128 * MiB, 24 * GiB), 2048, "this machine kind's 24 GB");
});

Deno.test("a tuned server, or one on a machine too small to give more, is left as it is", () => {
  assert.equal(sharedBuffersPlan(256 * MiB, 24 * GiB), undefined);
  assert.equal(sharedBuffersPlan(2 * GiB, 24 * GiB), undefined);
  assert.equal(sharedBuffersPlan(128 * MiB, 512 * MiB), undefined);
  assert.equal(sharedBuffersPlan(128 * MiB, 0), undefined, "memory unknown");
});

Deno.test("memTotalBytes reads /proc/meminfo's MemTotal", () => {
  const meminfo = "MemTotal:       24598132 kB\nMemFree:        22000000 kB\n";
  assert.equal(memTotalBytes(meminfo), 24598132 * 1024);
  assert.equal(memTotalBytes(""), 0);
});

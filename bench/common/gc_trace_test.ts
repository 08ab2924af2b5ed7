import assert from "node:assert/strict";
import { GC_TRACE_FLAGS, majorCollections, processStartedAt } from "./gc_trace.ts";

Deno.test("majorCollections reads V8's lines among a service's own and skips a line cut in two", () => {
  const output = [
    `{"level":"info","msg":"embedding service started"}`,
    "[13362:0x55b982cf2000]      359 ms: Incremental Mark-Compact 55.6 (74.8) -> 15.8 (38.2) MB, pooled: 20.5 MB, 10.69 / 0.00 ms (+ 0.3 ms in 5 steps since start of marking) finalize incremental marking via stack guard; GC in old space requested",
    "[13362:0x55b982cf2000]   602113 ms: Mark-Compact (reduce) 41.0 (45.2) -> 38.9 (43.0) MB, pooled: 0.0 MB, 30.1 / 0.0 ms (average mu = 0.98) memory reducer",
    "[13362:0x55b982cf2000]   700000 ms: Mark-Compact 90.5 (120.0) -> 40.25 (60.5) MB, 50.0 / 0.0 ms",
    "[13362:0x55b982cf2000]   700100 ms: Incremental Mark-Com",
    "[13362:0x55b982cf2000]   700200 ms: Scavenge 50.1 (60.5) -> 45.0 (60.5) MB, 2.0 / 0.0 ms",
  ].join("\n");
  assert.deepEqual(majorCollections(output), [
    { ms: 359, beforeMiB: 55.6, afterMiB: 15.8, reservedAfterMiB: 38.2 },
    { ms: 602113, beforeMiB: 41, afterMiB: 38.9, reservedAfterMiB: 43 },
    { ms: 700000, beforeMiB: 90.5, afterMiB: 40.25, reservedAfterMiB: 60.5 },
  ]);
});

Deno.test("a Deno process under GC_TRACE_FLAGS prints its major collections: the kept objects stay, the dropped go", async () => {
  // Each round keeps 20,000 objects and drops 280,000.
  const script = `
    const kept = [];
    for (let round = 0; round < 30; round++) {
      const made = Array.from({ length: 300_000 }, (_, i) => ({ i }));
      kept.push(made.slice(0, 20_000));
    }
    console.log(kept.length);
  `;
  const before = Date.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["eval", ...GC_TRACE_FLAGS, script],
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const startedAt = await processStartedAt(child.pid);
  const { stdout } = await child.output();
  // /proc/stat gives the boot to the second.
  assert.ok(Math.abs(startedAt - before) < 1_500, `started ${startedAt - before} ms off`);
  const collections = majorCollections(new TextDecoder().decode(stdout));
  assert.ok(collections.length >= 1, "no major collection printed");
  for (const c of collections) {
    assert.ok(c.afterMiB < c.beforeMiB, JSON.stringify(c));
    assert.ok(c.reservedAfterMiB >= c.afterMiB);
  }
  // 600,000 small objects kept are some 20 MiB; the 8.4 million made, several hundred.
  assert.ok(collections.at(-1)!.afterMiB < 100, JSON.stringify(collections.at(-1)));
});

Deno.test("processStartedAt: no such process fails", async () => {
  await assert.rejects(processStartedAt(2 ** 22 + 1));
});

Deno.test("V8's lines reach the output when a service exits on SIGTERM, as the services do", async () => {
  const script = `
    const kept = [];
    for (let round = 0; round < 30; round++) {
      kept.push(Array.from({ length: 300_000 }, (_, i) => ({ i })).slice(0, 20_000));
    }
    Deno.addSignalListener("SIGTERM", () => Deno.exit(0));
    console.log("ready");
    setInterval(() => {}, 1_000);
  `;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["eval", ...GC_TRACE_FLAGS, script],
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const chunks: Uint8Array[] = [];
  const reader = child.stdout.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    chunks.push(value);
    if (new TextDecoder().decode(value).includes("ready")) child.kill("SIGTERM");
  }
  assert.equal((await child.status).code, 0);
  const output = new TextDecoder().decode(new Uint8Array(chunks.flatMap((c) => [...c])));
  assert.ok(majorCollections(output).length >= 1, output.slice(0, 500));
});

import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { recordingLogger } from "@hire/log";
import { createRegistry } from "@hire/metrics";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";
import { type CacheFit, readCacheFit } from "@hire/vector";
import { CACHE_FIT_GAUGES, cacheFitWatch, startCacheFitWatch } from "./cache_fit_watch.ts";

const MiB = 1024 * 1024;
const fits: CacheFit = { vectorBytes: 90 * MiB, sharedBuffersBytes: 128 * MiB };
const outgrown: CacheFit = { vectorBytes: 860 * MiB, sharedBuffersBytes: 128 * MiB };

/** A watch over `readings`, in turn; a reading that is an Error is thrown. */
function watchOver(readings: (CacheFit | Error)[]) {
  const log = recordingLogger();
  const metrics = createRegistry();
  let i = 0;
  const read = () => {
    const r = readings[i++]!;
    return r instanceof Error ? Promise.reject(r) : Promise.resolve(r);
  };
  const gauges = () => ({
    vector: metrics.gauge(CACHE_FIT_GAUGES.vector).value({}),
    sharedBuffers: metrics.gauge(CACHE_FIT_GAUGES.sharedBuffers).value({}),
  });
  return { watch: cacheFitWatch({ read, log, metrics }), log, gauges, metrics };
}

Deno.test("cache fit watch: warns when the tables stop fitting, once, and says when they fit again", async () => {
  const { watch, log } = watchOver([fits, outgrown, outgrown, fits, fits, outgrown]);
  const levels = [];
  for (let i = 0; i < 6; i++) {
    await watch.check();
    levels.push(log.lines.map((l) => l.level).join(","));
  }
  assert.deepEqual(levels, [
    "",
    "warn",
    "warn",
    "warn,info",
    "warn,info",
    "warn,info,warn",
  ]);
  assert.match(log.lines[0]!.msg, /860 MB.*shared_buffers is 128 MB.*at least 1152MB/);
  assert.match(log.lines[1]!.msg, /fit in Postgres's shared_buffers again/);
});

Deno.test("cache fit watch: the first reading warns when the tables do not fit", async () => {
  const { watch, log } = watchOver([outgrown]);
  await watch.check();
  assert.deepEqual(log.lines.map((l) => l.level), ["warn"]);
});

Deno.test("cache fit watch: each reading sets the gauges, a scraper sees both figures", async () => {
  const { watch, gauges, metrics } = watchOver([fits, outgrown]);
  assert.deepEqual(gauges(), { vector: undefined, sharedBuffers: undefined });
  await watch.check();
  assert.deepEqual(gauges(), { vector: 90 * MiB, sharedBuffers: 128 * MiB });
  await watch.check();
  assert.deepEqual(gauges(), { vector: 860 * MiB, sharedBuffers: 128 * MiB });
  assert.match(metrics.render(), /^hire_pgvector_tables_bytes 901775360$/m);
  assert.match(metrics.render(), /^hire_postgres_shared_buffers_bytes 134217728$/m);
});

Deno.test("cache fit watch: a failed reading is logged and keeps the last figures and state", async () => {
  const { watch, log, gauges } = watchOver([outgrown, new Error("connection lost"), outgrown]);
  await watch.check();
  await watch.check();
  assert.deepEqual(gauges(), { vector: 860 * MiB, sharedBuffers: 128 * MiB });
  assert.equal(log.lines[1]!.level, "warn");
  assert.match(log.lines[1]!.msg, /could not read/);
  assert.equal((log.lines[1]!.fields?.err as Error).message, "connection lost");
  await watch.check();
  assert.equal(log.lines.length, 2, "still outgrown: not warned again");
});

Deno.test("startCacheFitWatch: reads once before it resolves, then on its interval until stopped", async () => {
  const log = recordingLogger();
  let reads = 0;
  const read = () => {
    reads++;
    return Promise.resolve(outgrown);
  };
  const watch = await startCacheFitWatch({ read, log }, { intervalMs: 10 });
  assert.equal(reads, 1);
  assert.equal(log.lines.length, 1);
  await new Promise((r) => setTimeout(r, 60));
  watch.stop();
  const seen = reads;
  assert.ok(seen >= 2, `read ${seen} times in 60 ms at a 10 ms interval`);
  await new Promise((r) => setTimeout(r, 40));
  assert.equal(reads, seen, "no reading after stop");
});

Deno.test("startCacheFitWatch: a slow reading is not overlapped by the next tick", async () => {
  let inFlight = 0;
  let most = 0;
  let reads = 0;
  const read = async () => {
    reads++;
    most = Math.max(most, ++inFlight);
    await new Promise((r) => setTimeout(r, 35));
    inFlight--;
    return fits;
  };
  const watch = await startCacheFitWatch({ read, log: recordingLogger() }, { intervalMs: 5 });
  await new Promise((r) => setTimeout(r, 100));
  watch.stop();
  await new Promise((r) => setTimeout(r, 40));
  assert.equal(most, 1);
  assert.ok(reads >= 2, `read ${reads} times`);
});

Deno.test("cache fit watch against the real server: the gauges hold what Postgres says", async () => {
  const sql = connect(TEST_DATABASE_URL, { max: 1, name: "cache-fit-watch-test" });
  try {
    const [setting] = await sql<{ bytes: string }[]>`
      SELECT pg_size_bytes(current_setting('shared_buffers')) AS bytes`;
    const log = recordingLogger();
    const metrics = createRegistry();
    // A prefix with no tables: the space has no vectors yet, which fits any cache.
    const prefix = `cache_watch_${crypto.randomUUID().slice(0, 8)}_`;
    await cacheFitWatch({ read: () => readCacheFit(sql, prefix), log, metrics }).check();
    assert.equal(metrics.gauge(CACHE_FIT_GAUGES.vector).value({}), 0);
    assert.equal(
      metrics.gauge(CACHE_FIT_GAUGES.sharedBuffers).value({}),
      Number(setting!.bytes),
    );
    assert.deepEqual(log.lines, []);
  } finally {
    await sql.end();
  }
});

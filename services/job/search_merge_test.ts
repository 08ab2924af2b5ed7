import assert from "node:assert/strict";
import { recordingLogger } from "@hire/log";
import { matchesSiteSearch, mergeSearchIndexPending, saveJobs } from "@hire/tables";
import { jobRow } from "@hire/testing/job_rows.ts";
import { withOwnDatabase } from "@hire/testing/own_database.ts";
import { startSearchMerge } from "./search_merge.ts";

const INTERVAL_MS = 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A merge that records when it ran and finishes when told (or at once). */
function fakeMerges(opts: { manual?: boolean } = {}) {
  const started: number[] = [];
  const finish: ((outcome?: Error) => void)[] = [];
  let active = 0;
  let mostAtOnce = 0;
  const merge = () => {
    started.push(performance.now());
    active++;
    mostAtOnce = Math.max(mostAtOnce, active);
    return new Promise<number>((resolve, reject) => {
      const done = (outcome?: Error) => {
        active--;
        outcome ? reject(outcome) : resolve(1);
      };
      opts.manual ? finish.push(done) : done();
    });
  };
  return { merge, started, finish, mostAtOnce: () => mostAtOnce };
}

Deno.test("search merge: nothing written, nothing merged", async () => {
  const m = fakeMerges();
  const merges = startSearchMerge(m.merge, { intervalMs: INTERVAL_MS, log: recordingLogger() });
  await sleep(INTERVAL_MS * 4);
  await merges.stop();
  assert.equal(m.started.length, 0);
});

Deno.test("search merge: writes within an interval make one merge, an interval after the first", async () => {
  const m = fakeMerges();
  const merges = startSearchMerge(m.merge, { intervalMs: INTERVAL_MS, log: recordingLogger() });
  const first = performance.now();
  merges.wrote();
  merges.wrote();
  await sleep(INTERVAL_MS / 4);
  merges.wrote();
  await sleep(INTERVAL_MS * 4);
  assert.equal(m.started.length, 1);
  assert.ok(m.started[0]! - first >= INTERVAL_MS - 1, `merged after ${m.started[0]! - first} ms`);
  merges.wrote();
  await sleep(INTERVAL_MS * 4);
  await merges.stop();
  assert.equal(m.started.length, 2, "a later write merges again");
});

Deno.test("search merge: a write during a merge merges again after it, never two at once", async () => {
  const m = fakeMerges({ manual: true });
  const merges = startSearchMerge(m.merge, { intervalMs: INTERVAL_MS, log: recordingLogger() });
  merges.wrote();
  await sleep(INTERVAL_MS * 3);
  assert.equal(m.started.length, 1);
  merges.wrote();
  await sleep(INTERVAL_MS * 3);
  assert.equal(m.started.length, 1, "the second waits for the first to finish");
  const firstDone = performance.now();
  m.finish.shift()!();
  await sleep(INTERVAL_MS * 3);
  assert.equal(m.started.length, 2);
  assert.ok(m.started[1]! - firstDone >= INTERVAL_MS - 1);
  m.finish.shift()!();
  await merges.stop();
  assert.equal(m.mostAtOnce(), 1);
});

Deno.test("search merge: a failing streak warns once, and says when merges work again", async () => {
  const m = fakeMerges({ manual: true });
  const log = recordingLogger();
  const merges = startSearchMerge(m.merge, { intervalMs: INTERVAL_MS, log });
  for (const outcome of [new Error("down"), new Error("down"), undefined, new Error("down")]) {
    merges.wrote();
    await sleep(INTERVAL_MS * 3);
    m.finish.shift()!(outcome);
    await sleep(1);
  }
  await merges.stop();
  assert.deepEqual(log.lines.map((l) => l.level), ["warn", "info", "warn"]);
  assert.match(log.lines[0]!.msg, /inserts merge it meanwhile/);
});

Deno.test("search merge: stop waits for the merge under way and starts none after", async () => {
  const m = fakeMerges({ manual: true });
  const merges = startSearchMerge(m.merge, { intervalMs: INTERVAL_MS, log: recordingLogger() });
  merges.wrote();
  await sleep(INTERVAL_MS * 3);
  merges.wrote();
  let stopped = false;
  const stopping = merges.stop().then(() => stopped = true);
  await sleep(INTERVAL_MS);
  assert.equal(stopped, false, "stop waits for the merge");
  m.finish.shift()!();
  await stopping;
  merges.wrote();
  await sleep(INTERVAL_MS * 3);
  assert.equal(m.started.length, 1);
});

Deno.test("search merge: the job service's role merges what its saved jobs left pending", async () => {
  await withOwnDatabase({ name: "search-merge", max: 1 }, async (sql) => {
    await sql`INSERT INTO partners (id, name, plan) VALUES ('ptn_merge', 'Merge', 'scale')`;
    const jobs = Array.from(
      { length: 200 },
      (_, i) =>
        jobRow({
          partnerId: "ptn_merge",
          fields: { title: `Nurse ${i}`, description: `Ward ${i}` },
        }),
    );
    await sql.begin((tx) => saveJobs(tx, jobs));
    await sql`SET ROLE hire_job`;
    assert.ok(await mergeSearchIndexPending(sql) > 0, "the saved vectors were pending");
    assert.equal(await mergeSearchIndexPending(sql), 0, "nothing is left pending");
    await assert.rejects(
      sql`SELECT gin_clean_pending_list('jobs_feed_search'::regclass)`,
      /must be owner/,
      "the role gets this merge, not the index",
    );
    await sql`RESET ROLE`;
    const [found] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM jobs j WHERE ${matchesSiteSearch(sql, "ward 17")}`;
    assert.equal(found!.n, 1, "merged vectors are found as before");
  });
});

/**
 * `deno task bench:purge-scale`: what the retention purge of the delivery log and of its
 * events costs as the log grows, against a bare delete of as many rows. Writes
 * `bench/results/purge-scale.md` and `bench/results/purge-scale-<UTC date>.json`.
 *
 * | variable             | default             | meaning                                 |
 * | -------------------- | ------------------- | --------------------------------------- |
 * | `BENCH_PURGE_EVENTS` | `2000,8000,32000`   | events in the log, one database each    |
 * @module
 */
import { connect } from "@hire/db";
import { commitUnderTest } from "../common/commit.ts";
import { wholeNumbers } from "../common/config.ts";
import { eachFreshDatabase } from "../common/fresh_database.ts";
import { describeMachine } from "../common/machine.ts";
import { runBenchmark, step } from "../common/proc.ts";
import { writeDatedReport } from "../common/report.ts";
import { fillLog, purgeOnce } from "./measure.ts";
import { purgeScaleMarkdown } from "./report.ts";

async function main() {
  const events = wholeNumbers("BENCH_PURGE_EVENTS", "2000,8000,32000", 2);
  const at = new Date().toISOString();
  const commit = await commitUnderTest();
  const rows = await eachFreshDatabase(
    "hire_bench_purge_scale",
    events,
    (url) => connect(url, { max: 1, name: "bench" }),
    async (sql, n) => {
      await fillLog(sql, n);
      const row = { events: n, ...await purgeOnce(sql) };
      step(
        `purge-scale: ${n} events: log ${row.logMs.toFixed(0)} ms, events ${
          row.eventsMs.toFixed(0)
        } ms (${row.logPagesRead} pages of the log), bare delete ${row.bareMs.toFixed(0)} ms`,
      );
      return row;
    },
  );
  const report = {
    at,
    commit,
    config: { events },
    rows,
    machine: await describeMachine("none (statements from one connection)"),
  };
  await writeDatedReport("purge-scale", report, purgeScaleMarkdown(report));
}

if (import.meta.main) await runBenchmark(main);

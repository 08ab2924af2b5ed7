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
import { wholeNumbers } from "../common/config.ts";
import { runBenchmark, step } from "../common/proc.ts";
import { runStatementsBenchmark } from "../common/statements_bench.ts";
import { fillLog, purgeOnce } from "./measure.ts";
import { purgeScaleMarkdown } from "./report.ts";

async function main() {
  const events = wholeNumbers("BENCH_PURGE_EVENTS", "2000,8000,32000", 2);
  await runStatementsBenchmark({
    task: "purge-scale",
    sizes: events,
    open: (url) => connect(url, { max: 1, name: "bench" }),
    config: { events },
    measure: async (sql, n) => {
      await fillLog(sql, n);
      const row = { events: n, ...await purgeOnce(sql) };
      step(
        `purge-scale: ${n} events: log ${row.logMs.toFixed(0)} ms, events ${
          row.eventsMs.toFixed(0)
        } ms (${row.logPagesRead} pages of the log), bare delete ${row.bareMs.toFixed(0)} ms`,
      );
      return row;
    },
    markdown: purgeScaleMarkdown,
  });
}

if (import.meta.main) await runBenchmark(main);

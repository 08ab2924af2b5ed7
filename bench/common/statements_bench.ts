/**
 * The frame the scale checks share (`bench:claim-scale`, `bench:outbox-claim`,
 * `bench:purge-scale`): statements timed from one connection, in a database made afresh for
 * each size, reported with the run's date, commit and machine as `bench/results/<task>.md` and
 * `bench/results/<task>-<UTC date>.json`.
 * @module
 */
import type { Sql } from "@hire/db";
import { commitUnderTest } from "./commit.ts";
import { eachFreshDatabase } from "./fresh_database.ts";
import { describeMachine } from "./machine.ts";
import { writeDatedReport } from "./report.ts";
import type { StatementsReport } from "./statements_report.ts";

/**
 * Runs `measure` at each of `sizes` in database `hire_bench_<task>` made afresh, on a
 * connection from `open`, and writes the report `markdown` makes of the rows.
 */
export async function runStatementsBenchmark<C, R>(opts: {
  task: string;
  sizes: readonly number[];
  open: (url: string) => Sql;
  config: C;
  measure: (sql: Sql, size: number) => Promise<R>;
  markdown: (report: StatementsReport<C, R>) => string;
}): Promise<void> {
  const at = new Date().toISOString();
  const commit = await commitUnderTest();
  const rows = await eachFreshDatabase(
    `hire_bench_${opts.task.replaceAll("-", "_")}`,
    opts.sizes,
    opts.open,
    opts.measure,
  );
  const report = {
    at,
    commit,
    config: opts.config,
    rows,
    machine: await describeMachine("none (statements from one connection)"),
  };
  await writeDatedReport(opts.task, report, opts.markdown(report));
}

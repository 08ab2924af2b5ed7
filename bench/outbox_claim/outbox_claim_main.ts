/**
 * `deno task bench:outbox-claim`: what the outbox flusher's claim of a page costs behind a
 * deep queue whose statistics were taken between bursts, against a read of as many queued
 * rows. Writes `bench/results/outbox-claim.md` and `bench/results/outbox-claim-<UTC date>.json`.
 *
 * | variable                   | default             | meaning                                  |
 * | -------------------------- | ------------------- | ---------------------------------------- |
 * | `BENCH_OUTBOX_CLAIM_DEPTHS` | `1000,10000,40000`  | rows queued, one database each           |
 * | `BENCH_OUTBOX_CLAIM_RUNS`   | `5`                 | claims (and page reads) timed per depth  |
 * @module
 */
import { connectConsumer } from "@hire/db";
import { queueBehindStaleStatistics } from "@hire/testing/outbox_rows.ts";
import { PAGE } from "../../shared/outbox/flusher.ts";
import { positiveInt, wholeNumbers } from "../common/config.ts";
import { runBenchmark, step } from "../common/proc.ts";
import { runStatementsBenchmark } from "../common/statements_bench.ts";
import { latencyStats } from "../common/stats.ts";
import { timeClaims, timePageReads } from "./measure.ts";
import { outboxClaimMarkdown } from "./report.ts";

const TOPIC = "bench.outbox.claim";

async function main() {
  const depths = wholeNumbers("BENCH_OUTBOX_CLAIM_DEPTHS", "1000,10000,40000", PAGE);
  const runs = positiveInt("BENCH_OUTBOX_CLAIM_RUNS", 5);
  await runStatementsBenchmark({
    task: "outbox-claim",
    sizes: depths,
    open: (url) => connectConsumer(url, { max: 1, name: "bench" }),
    config: { depths, page: PAGE, runs },
    measure: async (sql, depth) => {
      await queueBehindStaleStatistics(sql, TOPIC, depth);
      const claims = await timeClaims(sql, TOPIC, PAGE, runs);
      const row = {
        depth,
        claimMs: latencyStats(claims.ms),
        pageReadMs: latencyStats(await timePageReads(sql, TOPIC, PAGE, runs)),
        pagesRead: claims.pages,
      };
      step(
        `outbox-claim: ${depth} queued: claim p50 ${row.claimMs.p50.toFixed(2)} ms ` +
          `(${row.pagesRead} pages), page read p50 ${row.pageReadMs.p50.toFixed(2)} ms`,
      );
      return row;
    },
    markdown: outboxClaimMarkdown,
  });
}

if (import.meta.main) await runBenchmark(main);

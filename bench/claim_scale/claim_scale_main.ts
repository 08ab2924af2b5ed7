/**
 * `deno task bench:claim-scale`: what one delivery claim costs as webhooks with nothing queued
 * accumulate beside one with a backlog, and the poll's cancellation of inactive webhooks' attempts,
 * against a read by key on the same connection. Writes
 * `bench/results/claim-scale.md` and `bench/results/claim-scale-<UTC date>.json`.
 *
 * | variable             | default         | meaning                                      |
 * | -------------------- | --------------- | -------------------------------------------- |
 * | `BENCH_CLAIM_IDLE`   | `0,1000,10000`  | counts of idle webhooks, one database each   |
 * | `BENCH_CLAIM_RUNS`   | `300`           | claims timed (and point queries) per count   |
 * @module
 */
import { connectConsumer } from "@hire/db";
import { loadDeliveryConfig } from "../../services/delivery/config.ts";
import { insertIdleWebhookRows } from "@hire/testing/webhook_rows.ts";
import { positiveInt, wholeNumbers } from "../common/config.ts";
import { runBenchmark, step } from "../common/proc.ts";
import { runStatementsBenchmark } from "../common/statements_bench.ts";
import { latencyStats } from "../common/stats.ts";
import { cancelInactiveAttempts, claimDueAttempts } from "@hire/tables";
import {
  queueBacklog,
  timeCancels,
  timeClaims,
  timePointQueries,
  webhookRowsRead,
} from "./measure.ts";
import { claimScaleMarkdown } from "./report.ts";

/** A process's free workers when most are busy: what one claim takes under load. */
const LIMIT = 8;
/** Enough queued that every claim finds LIMIT due attempts under the per-webhook cap. */
const BACKLOG = 400;
const WARMUP_CLAIMS = 20;

async function main() {
  const runs = positiveInt("BENCH_CLAIM_RUNS", 300);
  const idle = wholeNumbers("BENCH_CLAIM_IDLE", "0,1000,10000");
  // The delivery service's own caps and lease, as it claims with them.
  const d = loadDeliveryConfig({});
  const claim = {
    limit: LIMIT,
    perWebhook: d.WEBHOOK_MAX_IN_FLIGHT,
    perPartner: d.DELIVERY_PARTNER_MAX_IN_FLIGHT,
    leaseMs: d.WEBHOOK_TIMEOUT + 30_000,
  };
  await runStatementsBenchmark({
    task: "claim-scale",
    sizes: idle,
    open: (url) => connectConsumer(url, { max: 1, name: "bench" }),
    config: { idle, runs, backlog: BACKLOG, limit: LIMIT },
    measure: async (sql, n) => {
      const { webhookId } = await queueBacklog(sql, BACKLOG);
      await insertIdleWebhookRows(sql, n);
      await sql`ANALYZE`;
      await timeClaims(sql, claim, WARMUP_CLAIMS);
      const claimMs = latencyStats(await timeClaims(sql, claim, runs));
      const pointQueryMs = latencyStats(await timePointQueries(sql, webhookId, runs));
      const cancelMs = latencyStats(await timeCancels(sql, runs));
      const rowsRead = {
        claim: await webhookRowsRead(sql, (tx) => claimDueAttempts(tx, claim)),
        cancel: await webhookRowsRead(sql, (tx) => cancelInactiveAttempts(tx)),
      };
      const row = { idle: n, claimMs, pointQueryMs, cancelMs, webhookRowsRead: rowsRead };
      step(
        `claim-scale: ${n} idle webhooks: claim p50 ${claimMs.p50.toFixed(2)} ms, ` +
          `point query p50 ${pointQueryMs.p50.toFixed(2)} ms, cancel p50 ${
            cancelMs.p50.toFixed(2)
          } ms; webhook rows read ${rowsRead.claim} and ${rowsRead.cancel}`,
      );
      return row;
    },
    markdown: claimScaleMarkdown,
  });
}

if (import.meta.main) await runBenchmark(main);

/**
 * The claim scale benchmark's report: its figures, and the Markdown of
 * `bench/results/claim-scale.md`.
 * @module
 */
import { markdownTable, thousands } from "../common/markdown.ts";
import type { LatencyStats } from "../common/stats.ts";
import {
  statementsMarkdown,
  type StatementsReport,
  timesYardstick,
} from "../common/statements_report.ts";

/** The figures with `idle` webhooks beside the busy one. */
export interface ClaimScaleRow {
  idle: number;
  claimMs: LatencyStats;
  /** The yardstick, on the same connection right after: a read of one webhook by its key. */
  pointQueryMs: LatencyStats;
  /** The poll's cancellation of inactive webhooks' attempts (nothing to cancel). */
  cancelMs: LatencyStats;
  /** Rows of `webhooks` one claim and one cancellation read, as the server counted them. */
  webhookRowsRead: { claim: number; cancel: number };
}

export type ClaimScaleReport = StatementsReport<
  { idle: number[]; runs: number; backlog: number; limit: number },
  ClaimScaleRow
>;

const ms = (n: number) => n.toFixed(2);

/** The figures' table: a row per count of idle webhooks. */
export function claimScaleTable(rows: readonly ClaimScaleRow[]): string {
  return markdownTable(
    [
      "idle webhooks",
      "claim p50 ms",
      "claim p95 ms",
      "point query p50 ms",
      "claim ÷ point query (p50)",
      "webhook rows a claim read",
      "poll's cancel p50 ms",
      "webhook rows the cancel read",
    ],
    rows.map((r) => [
      thousands(r.idle),
      ms(r.claimMs.p50),
      ms(r.claimMs.p95),
      ms(r.pointQueryMs.p50),
      timesYardstick(r.claimMs.p50, r.pointQueryMs.p50),
      thousands(r.webhookRowsRead.claim),
      ms(r.cancelMs.p50),
      thousands(r.webhookRowsRead.cancel),
    ]),
    [0, 1, 2, 3, 4, 5, 6, 7],
  );
}

export function claimScaleMarkdown(r: ClaimScaleReport): string {
  const c = r.config;
  return statementsMarkdown(
    "claim-scale",
    "What a delivery claim costs beside idle webhooks",
    r,
    `The delivery service claims due attempts (\`claimDueAttempts\`) every time workers free up, so a
claim's cost is paid hundreds of times a second under load; most of a platform's webhooks have
nothing queued at any moment. For each count of idle webhooks below (active, two to a partner on
Growth), a database made afresh holds them beside one partner's webhook with ${c.backlog} attempts
queued, each of a job of its own. From one connection set as the delivery service's
(\`connectConsumer\`: each statement planned once), ${c.runs} claims of ${c.limit} attempts each are timed
(after 20 untimed), each lease given back after it (not timed); then, as the yardstick on the same
connection, ${c.runs} reads of one webhook by its key; then ${c.runs} of the poll's cancellation of the
attempts of inactive webhooks (\`cancelInactiveAttempts\`, once a \`DELIVERY_POLL_MS\` in every delivery
process; every webhook here is active, so it cancels nothing). The rows of \`webhooks\` one claim and
one cancellation read are the server's count for their transaction (\`pg_stat_xact_user_tables\`).

${claimScaleTable(r.rows)}`,
  );
}

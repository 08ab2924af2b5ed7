/**
 * The fault suite's results: `bench/results/chaos.md` (a table per scenario, the broken
 * promises word for word, the machine) and the raw figures as `chaos-<date>.json`.
 * @module
 */
import type { Machine } from "../common/machine.ts";
import { machineTable, markdownTable } from "../common/markdown.ts";
import type { ChaosConfig } from "./config.ts";
import type { ScenarioResult } from "./scenarios.ts";

/** Everything a run produced. */
export interface ChaosReport {
  date: string;
  generated_at: string;
  config: ChaosConfig;
  machine: Machine;
  /** The commit measured, and whether the tree had changes. */
  commit: string;
  results: ScenarioResult[];
  /** How long the whole run took, start-up included. */
  run_s: number;
  /** Why the run stopped before its last scenario, if it did. */
  aborted?: string;
}

const n = (x: number) => x.toLocaleString("en-US");
const ms = (x: number | null) => (x === null ? "never" : `${n(Math.round(x))} ms`);
const s = (x: number | null) => (x === null ? "never" : `${(x / 1000).toFixed(1)} s`);

function otherText(other: Record<string, number>): string {
  return Object.entries(other).map(([k, v]) => `${k}×${v}`).join(", ") || "0";
}

/** The table of every scenario's figures, one row each. */
export function figuresTable(results: readonly ScenarioResult[]): string {
  return markdownTable(
    [
      "scenario",
      "requests",
      "2xx",
      "503",
      "other",
      "no answer",
      "jobs acked",
      "API outage",
      "ready after restart",
      "backlog done",
      "max event → webhook",
      "duplicates api/db/kafka/webhook",
      "result",
    ],
    results.map((r) => [
      r.scenario,
      n(r.answers.requests),
      n(r.answers.ok_2xx),
      n(r.answers.s503),
      otherText(r.answers.other),
      n(r.answers.connection_errors + r.answers.timeouts),
      n(r.outcomes.creates.acked ?? 0),
      s(r.api_outage_ms),
      s(r.ready_after_restart_ms),
      s(r.backlog_done_after_restart_ms),
      s(Number.isNaN(r.event_to_delivery_ms.max) ? null : r.event_to_delivery_ms.max),
      [r.duplicates.api_replays, r.duplicates.database, r.duplicates.kafka, r.duplicates.webhook]
        .join(" / "),
      r.passed ? "passed" : `FAILED (${r.violations.length})`,
    ]),
    [1, 2, 3, 5, 6, 7, 8, 9, 10],
  );
}

/** One scenario in prose: what was done, what was checked, what broke. */
export function scenarioSection(r: ScenarioResult): string {
  const t = r.timeline;
  const lines = [
    `### ${r.scenario}`,
    "",
    `${r.fault} at ${t.killed_s} s, restarted at ${t.restarted_s} s, load stopped at ` +
    `${t.load_stopped_s} s (its last operation ended at ${t.load_done_s} s), quiet at ` +
    `${t.quiet_s} s (${s(r.quiet_after_load_ms)} after the load).`,
    "",
    `- Creates: ${n(r.outcomes.creates.acked ?? 0)} acknowledged (${
      n(r.outcomes.creates.in_doubt ?? 0)
    } of them after an attempt without an answer), ` +
    `${n(r.outcomes.creates.unknown ?? 0)} given up, ${n(r.outcomes.creates.refused ?? 0)} ` +
    `refused; PATCHes: ${n(r.outcomes.patches.acked ?? 0)} acknowledged, ` +
    `${n(r.outcomes.patches.unknown ?? 0)} given up, ${
      n(r.outcomes.patches.refused ?? 0)
    } refused.`,
    `- Answers: ${n(r.answers.requests)} requests; ${n(r.answers.ok_2xx)} 2xx, ` +
    `${n(r.answers.s503)} 503, other ${otherText(r.answers.other)}; ` +
    `${n(r.answers.connection_errors)} connection errors, ${n(r.answers.timeouts)} timeouts.`,
    `- Recovery: the restart took ${ms(r.restart_ms)}; ready ${
      ms(r.ready_after_restart_ms)
    } after the restart began; the edge's /readyz ` +
    `not 200 for ${ms(r.edge_readyz_not_ready_ms)}; longest stretch without a 2xx ` +
    `${ms(r.api_outage_ms)}; the fault's backlog done ${ms(r.backlog_done_after_restart_ms)} ` +
    `after the restart.`,
    `- Checked: ${n(r.checked.jobs)} jobs, ${n(r.checked.events)} distinct events, ` +
    `${n(r.checked.delivered)} of them at the webhook; event → first delivery p50 ` +
    `${ms(r.event_to_delivery_ms.p50)}, p95 ${ms(r.event_to_delivery_ms.p95)}, max ` +
    `${ms(r.event_to_delivery_ms.max)}.`,
    `- Duplicates: ${r.duplicates.api_replays} creates answered by a replay of their key, ` +
    `${r.duplicates.database} extra rows, ${r.duplicates.kafka} copies of an event id on the ` +
    `topic, ${r.duplicates.webhook} repeated deliveries of an event id.`,
  ];
  if (r.violations.length) {
    lines.push("", "Broken promises:", "");
    const shown = r.violations.slice(0, 20);
    lines.push(...shown.map((v) => `- \`${v.rule}\`: ${v.detail}`));
    if (r.violations.length > shown.length) {
      lines.push(`- … and ${r.violations.length - shown.length} more (in the JSON).`);
    }
  }
  return lines.join("\n");
}

/** How the run was made and what its figures mean, as a list. */
function method(c: ChaosConfig): string {
  return [
    `**System**: every service as its own process, as \`deno task dev\` runs them, on a Kafka ` +
    `broker and a database (\`${c.database}\`, made afresh) of the suite's own; a Growth ` +
    `partner whose webhook (every event type) points at an HTTPS receiver on loopback; ` +
    `${c.seekers} synthetic seekers, and job ads drawn from their occupations and cities, ` +
    `so that jobs match.`,
    `**Load**: ${c.clients} clients start ${c.opsPerSecond} operations a second in all, one at ` +
    `a time each; ${Math.round(c.patchShare * 100)}% are PATCHes of the title of a job the ` +
    `client made. A client retries 503, 409, 429, any other 5xx, a connection error or a ` +
    `timeout (${c.requestTimeoutMs / 1000} s) with the same request and Idempotency-Key, ` +
    `backing off (at least \`Retry-After\`), for up to ${c.giveUpS} s.`,
    `**Scenario**: the load runs ${c.beforeS} s; the component is killed with \`kill -9\` on ` +
    `its pid (once a create is in flight), stays down ${c.downS} s and is started again; the ` +
    `load runs ${c.afterS} s more and stops; once nothing is left to process (or after ` +
    `${c.quietTimeoutS} s) the system is checked.`,
    `**Checked**: every acknowledged create exists exactly once, none refused exists; every ` +
    `acknowledged PATCH made exactly one \`job.updated\`, in order; each job has one ` +
    `\`job.created\` id and one \`job.matched\` id per seeker, and is embedded and ` +
    `match-ready; every event reached the webhook; no 5xx but 503, and every 503 with ` +
    `\`Retry-After\`, none before the kill; the component ready again within ${c.readyBoundS} s ` +
    `of its restart and the edge's /readyz 200 at the end; no ` +
    `service exited by itself; the public site serves a job of the scenario. Copies of an ` +
    `event id on the topic or at the webhook are counted, not failed: both are at least ` +
    `once, deduplicated by id (docs/data-team.md, docs/api.md).`,
    `**Ready after restart**: from the restart's start (a broker's own start-up included) ` +
    `to the edge's or the site's /readyz 200; for another service, its consumer groups ` +
    `stable without the killed process's members; for the broker, the edge's /readyz 200 ` +
    `and every group stable. The services ran with ` +
    `\`KAFKA_SESSION_TIMEOUT_MS=${c.kafkaSessionTimeoutMs}\`: the broker keeps a killed ` +
    `consumer's partitions until its session ends, so no killed consumer is replaced sooner.`,
    `**API outage**: the longest stretch from the kill until the load stopped in which no ` +
    `request got a 2xx. **Backlog done**: restart → every job acknowledged before the ` +
    `restart embedded, match-ready and its \`job.created\` at the webhook. **Max event → ` +
    `webhook**: an event's \`created_at\` to its first arrival.`,
  ].map((item) => `- ${item}`).join("\n");
}

/** The Markdown summary. */
export function chaosMarkdown(report: ChaosReport, jsonName: string): string {
  const failed = report.results.filter((r) => !r.passed).map((r) => r.scenario);
  const verdict = report.aborted
    ? `**The run stopped early: ${report.aborted}**`
    : failed.length
    ? `**Failed: ${failed.join(", ")}.**`
    : "Every scenario kept every promise checked.";
  return `# Fault suite (\`deno task chaos\`)

Run on ${report.date} (${report.generated_at}), commit ${report.commit}, ${
    (report.run_s / 60).toFixed(1)
  } minutes in all. Raw figures: \`${jsonName}\`.

${method(report.config)}

## Results

${figuresTable(report.results)}

${verdict}

## Scenarios

${report.results.map(scenarioSection).join("\n\n")}

## Machine

${machineTable(report.machine, report.generated_at)}
`;
}

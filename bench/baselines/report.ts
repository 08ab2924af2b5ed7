/**
 * What a `deno task bench:baselines` run produced, and its Markdown summary
 * `bench/results/baselines.md`: the figures with their ratios, CPU per request, the
 * profiles' top functions, and the stages of one create.
 * @module
 */
import { type BrokerWarmUp, describeBrokerWarmUp } from "../common/broker_warmup.ts";
import type { Machine } from "../common/machine.ts";
import * as md from "../common/markdown.ts";
import type { ScenarioResult } from "../common/report.ts";
import type { ProfileSummary } from "./cpuprofile.ts";
import {
  cpuPerRequest,
  LABELS,
  type RatioRow,
  type Scenario,
  SCENARIOS,
  type Stage,
} from "./figures.ts";
import type { BaselinesConfig } from "./config.ts";
import type { KeptProfile } from "./profiles.ts";
import type { MeasuredService } from "./system.ts";
import { datedJsonName } from "../common/proc.ts";

/** A load run under the profiler, and the profiles of both services. */
export interface ProfiledLoad {
  phase: "create" | "retrieve";
  requests_per_sec: number;
  p50_ms: number;
  p99_ms: number;
  profiles: Partial<Record<MeasuredService, KeptProfile>>;
}

/**
 * The finer stages of a create, from a one-off run of a scratch copy of the services with
 * timing code added (never in the tree): `baselines-create-trace.json`, kept as written.
 */
export interface CreateTrace {
  generated_at: string;
  method: string;
  runs: {
    name: string;
    creates: number;
    stages: { stage: string; p50_ms: number; p90_ms: number; max_ms: number }[];
  }[];
  notes?: string[];
}

/** Everything a run produced. */
export interface BaselinesReport {
  date: string;
  generated_at: string;
  config: BaselinesConfig;
  machine: Machine;
  /** The product code measured: a hash of services/edge, services/job and shared/. */
  source: { sha256: string; files: number; newest_change: string };
  data: { minimal_rows: number; our_jobs_at_retrieve: number; read_ids: number };
  runs: Record<Scenario, ScenarioResult>;
  ratios: RatioRow[];
  sequential: { creates: number; stages: Stage[] };
  profiles: ProfiledLoad[];
  /** The broker's warm-up before our loads; null when it was skipped (absent before it ran). */
  broker_warmup?: BrokerWarmUp | null;
  notes: string[];
}

const f1 = (n: number) => n.toFixed(1);
const f2 = (n: number) => n.toFixed(2);
const x = (n: number) => `${n.toFixed(2)}×`;

/**
 * A ratio held to a floor (`≥ floor×`): two decimals, or four, cut rather than rounded, when two
 * would round a ratio below the floor up to it (0.2997× is no 0.30×, and the verdict beside it
 * says missed).
 */
export function ratioToFloor(value: number, floor?: number): string {
  if (floor === undefined || value >= floor || Number(value.toFixed(2)) < floor) return x(value);
  return `${(Math.floor(value * 10_000) / 10_000).toFixed(4)}×`;
}

/** A target's verdict as the table shows it. */
export const targetVerdict = (t: NonNullable<RatioRow["target"]>) =>
  t.not_judged ? `not judged (${t.not_judged})` : t.met ? "met" : "missed";

function figuresTable(rows: RatioRow[]): string {
  return md.markdownTable(
    [
      "handler",
      "req/s",
      "p50 ms",
      "p99 ms",
      "req/s ÷ bare",
      "p50 ÷ bare",
      "p99 ÷ bare",
      "req/s ÷ minimal",
      "p50 ÷ minimal",
      "p99 ÷ minimal",
      "issue's target",
    ],
    rows.map((r) => [
      r.label,
      r.requests_per_sec.toFixed(0),
      f2(r.p50_ms),
      f2(r.p99_ms),
      x(r.vs_bare.rps),
      x(r.vs_bare.p50),
      x(r.vs_bare.p99),
      r.vs_minimal
        ? `${ratioToFloor(r.vs_minimal.rps, r.target?.min_ratio)} (${r.vs_minimal.against})`
        : "—",
      r.vs_minimal ? x(r.vs_minimal.p50) : "—",
      r.vs_minimal ? x(r.vs_minimal.p99) : "—",
      r.target
        ? `${
          r.target.min_ratio === undefined
            ? `≥ ${r.target.min_rps}/s`
            : `≥ ${r.target.min_ratio}× ${r.vs_minimal!.against}`
        }, p99 ≤ ${r.target.max_p99_ms} ms: ${targetVerdict(r.target)}`
        : "—",
    ]),
    [1, 2, 3, 4, 5, 6, 7, 8, 9],
  );
}

const CPU_COLUMNS = [
  "minimal handler (deno)",
  "edge (deno)",
  "job service (deno)",
  "embedding (deno)",
  "matching (deno)",
  "postgres",
  "kafka (java)",
  "wrk",
];

function cpuTable(runs: Record<Scenario, ScenarioResult>): string {
  return md.markdownTable(
    ["handler", ...CPU_COLUMNS.map((c) => c.replace(/ \(.*\)$/, "")), "rest", "machine busy"],
    SCENARIOS.map((s) => {
      const per = cpuPerRequest(runs[s]);
      const of = (g: string) => per.find((p) => p.group === g)?.ms ?? 0;
      const rest = per.filter((p) => !CPU_COLUMNS.includes(p.group))
        .reduce((a, p) => a + p.ms, 0);
      return [
        LABELS[s],
        ...CPU_COLUMNS.map((c) => of(c).toFixed(3)),
        rest.toFixed(3),
        `${runs[s].cpu.machineBusyPct.toFixed(0)}%`,
      ];
    }),
    CPU_COLUMNS.map((_, i) => i + 1).concat([CPU_COLUMNS.length + 1, CPU_COLUMNS.length + 2]),
  );
}

function functionRows(list: ProfileSummary["topSelf"]): string[][] {
  return list.map((f) => [`\`${f.name}\``, f.location ? `\`${f.location}\`` : "", f1(f.pct)]);
}

function profileSection(load: ProfiledLoad, top: number): string {
  const parts = [
    `### ${load.phase} load under the profiler: ${load.requests_per_sec.toFixed(0)} req/s, ` +
    `p50 ${f1(load.p50_ms)} ms, p99 ${f1(load.p99_ms)} ms`,
  ];
  for (const [service, kept] of Object.entries(load.profiles)) {
    const s = kept!.summary;
    const busy = s.sampledMs > 0 ? (100 * s.busyMs) / s.sampledMs : 0;
    parts.push(
      `#### ${service} (\`${kept!.file}\`)

${kept!.windowed ? "Measured window only" : "Whole profile (the window was not found)"}: ${
        f1(s.sampledMs / 1000)
      } s sampled, thread busy ${f1(busy)}% of it; garbage collector ${
        f1(s.busyMs ? (100 * s.gcMs) / s.busyMs : 0)
      }% and native code outside any JavaScript frame (\`(program)\`) ${
        f1(s.busyMs ? (100 * s.programMs) / s.busyMs : 0)
      }% of the busy time.

Self time by area: ${s.selfByArea.slice(0, 10).map((a) => `${a.area} ${f1(a.pct)}%`).join(", ")}.

${
        md.markdownTable(
          ["top self time", "where", "% busy"],
          functionRows(s.topSelf.slice(0, top)),
          [2],
        )
      }

${
        md.markdownTable(
          ["top total time", "where", "% busy"],
          functionRows(s.topTotal.slice(0, top)),
          [2],
        )
      }`,
    );
  }
  return parts.join("\n\n");
}

function stagesTable(stages: Stage[]): string {
  return md.markdownTable(
    ["stage", "p50 ms", "p95 ms", "max ms", "creates"],
    stages.map((s) => [
      s.stage,
      f2(s.stats.p50),
      f2(s.stats.p95),
      f2(s.stats.max),
      String(s.stats.count),
    ]),
    [1, 2, 3, 4],
  );
}

function traceSection(trace: CreateTrace | undefined): string {
  if (!trace) {
    return "No instrumented trace (`baselines-create-trace.json`) is kept beside these results.";
  }
  const runs = trace.runs.map((run) =>
    `**${run.name}** (${run.creates} creates):

${
      md.markdownTable(
        ["stage", "p50 ms", "p90 ms", "max ms"],
        run.stages.map((s) => [s.stage, f2(s.p50_ms), f2(s.p90_ms), f2(s.max_ms)]),
        [1, 2, 3],
      )
    }`
  );
  return `From \`baselines-create-trace.json\` (${trace.generated_at}; not made by this task, and
not of this run): ${trace.method}

${runs.join("\n\n")}
${(trace.notes ?? []).map((n) => `\n- ${n}`).join("")}`;
}

function perCreateCpu(run: ScenarioResult): string {
  return cpuPerRequest(run).filter((p) => p.ms >= 0.005)
    .map((p) => `${p.group} ${p.ms.toFixed(2)} ms`).join(", ");
}

/** Milliseconds of CPU per request, all processes together. */
function cpuSum(run: ScenarioResult): number {
  return cpuPerRequest(run).reduce((a, p) => a + p.ms, 0);
}

/** What the creates sent, as the report says it (`BENCH_BASELINES_BODIES`). */
const CREATE_BODIES: Record<BaselinesConfig["bodies"], string> = {
  load: "Every create, ours and the minimal insert's, sends `bench/common/load.ts`'s short " +
    "body (89 characters of title and description).",
  postings: "Every create, ours and the minimal insert's, sends one of 500 ads as partners " +
    "write them in turn (`bench/common/postings.ts`: 1,250 characters of title and " +
    "description on average, two thirds with Arabic; `BENCH_BASELINES_BODIES=postings`).",
};

/** The Markdown summary. */
export function baselinesMarkdown(r: BaselinesReport, trace?: CreateTrace): string {
  const c = r.config;
  return `# Baselines: our API beside minimal handlers made of the same parts

Measured on ${r.date} (${r.generated_at}) with \`deno task bench:baselines\`, all in one run on
this machine: ${r.machine.loadGenerator}, ${c.threads} thread, ${c.connections} connections,
${c.durationS} s per handler after a ${c.warmupS} s warm-up (then \`ANALYZE\` of the handler's
database and a \`CHECKPOINT\`), over loopback, each handler in a process of its own, started for
its run and stopped after it. Raw figures:
\`${datedJsonName("baselines", r.date)}\`. Product code measured: sha256 \`${r.source.sha256}\` of
${r.source.files} files of \`services/edge\`, \`services/job\` and \`shared/\` (newest change
${r.source.newest_change}), run from \`${c.source}\`.

- **Minimal handlers** (\`bench/baselines/minimal.ts\`): Hono on \`Deno.serve\`, postgres.js
  through \`@hire/db\`'s \`connect\` with a pool of ${c.poolSize} (the edge's \`DB_POOL_SIZE\`),
  answering the same requests as ours with nothing else. The point query reads
  \`SELECT * … WHERE id = $1\` from a table shaped like \`jobs\` (${r.data.minimal_rows} rows,
  primary key only, database \`${c.database}_minimal\`); the insert writes one row of it.
- **Ours**: the edge and the job service as \`deno task dev\` runs them (each its own process
  and Postgres role, plan limits lifted), on database \`${c.database}\` (migrated afresh) and
  topics and a consumer group of the run's own on the local broker; nothing else of the
  system runs. Retrieve is \`GET /v1/partner/jobs/:id\` with a key (${r.data.read_ids} random
  ids of the ${r.data.our_jobs_at_retrieve} jobs the create run left); create is
  \`POST /v1/partner/jobs\`, each title unique, no \`Idempotency-Key\`. ${CREATE_BODIES[c.bodies]}
- **Ours, whole system**: then every service of \`deno task dev\` (embedding, matching, delivery,
  site and console too) on the same database and topics, with the same two loads, create first;
  the pipeline starts with the backlog of every job created before and embeds and matches behind
  the load (no seekers are loaded, so matching has little to do).
- **The broker** was ${describeBrokerWarmUp(r.broker_warmup, "BENCH_BASELINES_BROKER_WARMUP")}

## Figures

${figuresTable(r.ratios)}

"÷ minimal" compares retrieve with the point query and create with the insert; above 1× is
more throughput, or a longer latency. The issue's targets are those of issue 15: for create,
≥ 0.3× the insert with the edge and job service alone, and ≥ 1,500/s with p99 ≤ 150 ms with
the whole system; for retrieve, ≥ 1× the point query with p99 ≤ 10 ms with the whole system
(held to the edge-and-job-service run too).

${SCENARIOS.map((s) => md.statusLine(r.runs[s])).join("\n")}

## CPU per request

Milliseconds of CPU per request of each process group over the measured run (from
\`/proc/<pid>/stat\`; "rest" is everything else on the machine, the benchmark itself included).

${cpuTable(r.runs)}

## Profiles

The edge and the job service run under \`deno run --cpu-prof\` for a load of each kind (a
separate start, so the figures above carry no profiler overhead); only the samples of the
measured run count (by the profile's monotonic clock), not the start-up or the warm-up.
Self time is the function's own; total time includes what it called. Percentages are of the
thread's busy time.

${r.profiles.map((p) => profileSection(p, 12)).join("\n\n")}

## Where the milliseconds of one create go

**Measured, from outside, from Postgres and from Kafka** (${r.sequential.creates} creates sent one at a
time to an otherwise idle system, after the load runs): the client's send and receipt times;
the command's \`issued_at\` (kept as the job's \`created_at\`, whole milliseconds, set by the
edge just before it publishes); the job service's transaction start
(\`command_results.settled_at\`, its \`now()\`); when its outbox row went out (the Kafka
timestamp of its \`jobs.changed\` message, whole milliseconds, stamped by the flusher as it sends).

${stagesTable(r.sequential.stages)}

**Measured, CPU per create under load** (the create run above): ${perCreateCpu(r.runs.create)};
${
    f2(cpuSum(r.runs.create))
  } ms in all (every process of the machine, wrk included), so ${r.machine.nproc} cores could do at most
${(r.machine.nproc * 1000 / cpuSum(r.runs.create)).toFixed(0)} creates/s at this cost (the run
made ${r.runs.create.requests_per_sec.toFixed(0)}/s with the machine
${r.runs.create.cpu.machineBusyPct.toFixed(0)}% busy). With ${c.connections} connections always
waiting, a create's latency under load is mostly queueing: ${c.connections} ÷
${r.runs.create.requests_per_sec.toFixed(0)}/s = ${
    f1(c.connections * 1000 / r.runs.create.requests_per_sec)
  } ms (Little's law; measured p50 ${f1(r.runs.create.p50_ms)} ms).

**Finer split (instrumented, one-off).** ${traceSection(trace)}

## Machine

${md.machineTable(r.machine, r.generated_at)}
${md.observations(r.notes)}`;
}

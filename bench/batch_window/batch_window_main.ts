/**
 * `deno task bench:batch-window`: CPU per create under a steady flow of creates. The edge and
 * the job service take the same open-loop create load with `JOB_BATCH_WINDOW_MS` at 0 and at
 * the configured window, alternating, and a bare Hono handler takes it too, for the ratio.
 * Writes `bench/results/batch-window.md` and `batch-window-<date>.json`. With
 * `BENCH_BATCH_WINDOW_BASE=<tree>`, another checkout's services alternate with this tree's
 * instead (both at the window), and the results are `batch-window-ab.md` and its JSON.
 * @module
 */
import { connect } from "@hire/db";
import { commitUnderTest } from "../common/commit.ts";
import { snapshot, usage } from "../common/cpu.ts";
import { jobBody } from "../common/load.ts";
import { describeMachine } from "../common/machine.ts";
import { createPartner } from "../common/partner.ts";
import { RESULTS_DIR, ROOT, runBenchmark, step } from "../common/proc.ts";
import { writeResultFiles } from "../common/report.ts";
import { latencyStats } from "../common/stats.ts";
import { startMinimal } from "../baselines/minimal.ts";
import { settle } from "../baselines/minimal_db.ts";
import { firstCreate, prepareStack, type Stack, startServices } from "../baselines/system.ts";
import { openLoopCreates } from "../starvation/open_loop.ts";
import { type BatchWindowConfig, readBatchWindowConfig } from "./config.ts";
import type { Run } from "./figures.ts";
import { batchWindowMarkdown, type BatchWindowReport } from "./report.ts";

/** Transactions committed so far in the stack's database. */
async function commits(stack: Stack): Promise<number> {
  const sql = connect(stack.databaseUrl, { max: 1, name: "bench" });
  try {
    const [row] = await sql<{ n: number }[]>`
      SELECT xact_commit::int AS n FROM pg_stat_database WHERE datname = current_database()`;
    return row!.n;
  } finally {
    await sql.end();
  }
}

let sequence = 0;

/** One side of the comparison: the tree the services run from, at a window. */
interface Variant {
  /** The window in ms, or the tree's name and commit. */
  setting: string;
  source: string;
  windowMs: number;
}

/** Warm-up, then the measured open loop against `baseUrl`; the run's figures. */
async function measure(
  cfg: BatchWindowConfig,
  setting: string,
  target: { baseUrl: string; apiKey: string; stack?: Stack },
): Promise<Run> {
  const load = (seconds: number) => ({
    baseUrl: target.baseUrl,
    apiKey: target.apiKey,
    rate: cfg.rate,
    seconds,
    body: () => jobBody(`Batch window ${setting} ${sequence++}`),
  });
  await openLoopCreates(load(cfg.warmupS));
  // Tables analysed and the warm-up's writes checkpointed, as bench:baselines does.
  if (target.stack) await settle(target.stack.databaseUrl);
  const before = await snapshot();
  const committed = target.stack ? await commits(target.stack) : 0;
  const r = await openLoopCreates(load(cfg.seconds));
  const cpu = usage(before, await snapshot());
  // The bench's own reads of the counter are two transactions; the rest is the services'.
  const transactions = target.stack ? await commits(target.stack) - committed - 2 : 0;
  step(`${setting}: ${JSON.stringify(r.statuses)}, machine ${cpu.machineBusyPct.toFixed(0)}% busy`);
  return {
    setting,
    requests: r.sent,
    statuses: r.statuses,
    latencyMs: latencyStats(r.latenciesMs),
    cpu,
    transactionsPerRequest: transactions / r.sent,
  };
}

/** What alternates with what: the window off and on, or another tree and this one. */
async function variantsOf(cfg: BatchWindowConfig): Promise<Variant[]> {
  if (!cfg.base) {
    return [0, cfg.windowMs].map((windowMs) => ({
      setting: String(windowMs),
      source: ROOT,
      windowMs,
    }));
  }
  return [
    {
      setting: `base ${await commitUnderTest(cfg.base)}`,
      source: cfg.base,
      windowMs: cfg.windowMs,
    },
    { setting: `this tree ${await commitUnderTest()}`, source: ROOT, windowMs: cfg.windowMs },
  ];
}

async function main() {
  const cfg = readBatchWindowConfig();
  const variants = await variantsOf(cfg);
  // The database is migrated by this tree: the base's services must read the same schema.
  const stack = await prepareStack(cfg.database);
  const runs: Run[] = [];
  try {
    const partner = await createPartner("Batch window bench", {
      env: { DATABASE_URL: stack.databaseUrl },
    });
    const logDir = await Deno.makeTempDir({ prefix: "bench-batch-window-" });
    for (let rep = 0; rep < cfg.repetitions; rep++) {
      const bare = await startMinimal("bare", { databaseUrl: stack.databaseUrl, poolSize: 1 });
      try {
        runs.push(await measure(cfg, "bare", { baseUrl: bare.url, apiKey: "" }));
      } finally {
        await bare.stop();
      }
      for (const [i, variant] of variants.entries()) {
        // The services inherit this process's environment.
        Deno.env.set("JOB_BATCH_WINDOW_MS", String(variant.windowMs));
        const services = await startServices({ ...stack, source: variant.source }, {
          logDir: `${logDir}/${rep}-${i}`,
        });
        try {
          await firstCreate(services.edgeUrl, partner.api_key);
          runs.push(
            await measure(cfg, variant.setting, {
              baseUrl: services.edgeUrl,
              apiKey: partner.api_key,
              stack,
            }),
          );
        } finally {
          await services.stop();
        }
      }
    }
  } finally {
    await stack.cleanup();
  }
  const generatedAt = new Date().toISOString();
  const report: BatchWindowReport = {
    date: generatedAt.slice(0, 10),
    generated_at: generatedAt,
    commit: await commitUnderTest(),
    config: cfg,
    machine: await describeMachine("in-process open loop (Deno fetch)"),
    runs,
  };
  const paths = await writeResultFiles(RESULTS_DIR, {
    name: cfg.base ? "batch-window-ab" : "batch-window",
    date: report.date,
    json: report,
    markdown: batchWindowMarkdown(report),
  });
  step(`wrote ${paths.join(", ")}`);
}

if (import.meta.main) await runBenchmark(main);

/**
 * `deno task bench:pipeline` (also run by `deno task bench`): 201 → `match_ready: true` with
 * 100,000 seekers in the index while 50 jobs/s are created, the whole system running as
 * processes on a database of its own; resident memory of every process at rest and under
 * load. `--seed-only` seeds (or finds seeded) the database and stops: seeding is long, do it
 * outside the benchmark lock. Writes `bench/results/pipeline[-<label>].md` and
 * `pipeline[-<label>]-<date>.json`.
 * @module
 */
import { describeMachine } from "../common/machine.ts";
import { RESULTS_DIR, runBenchmark } from "../common/proc.ts";
import { loadPipelineConfig } from "./config.ts";
import { runPipeline } from "./pipeline.ts";
import { pipelineMarkdown, TARGET_P95_MS, targetMet } from "./report.ts";
import { seededStack } from "./seed_step.ts";

async function main() {
  const cfg = loadPipelineConfig();
  const { stack, seeded } = await seededStack(cfg);
  try {
    if (Deno.args.includes("--seed-only")) return;
    const now = new Date();
    const base = cfg.BENCH_PIPELINE_LABEL ? `pipeline-${cfg.BENCH_PIPELINE_LABEL}` : "pipeline";
    const named = `${base}-${now.toISOString().slice(0, 10)}`;
    const run = await runPipeline(stack, seeded, cfg, named);
    const machine = await describeMachine("none (paced HTTP client, open loop)");
    const notes = cfg.BENCH_PIPELINE_NOTES;
    const md = pipelineMarkdown(run, cfg, machine, now, `${named}.json`, notes ? `${notes}\n` : "");
    await Deno.writeTextFile(new URL(`${base}.md`, RESULTS_DIR), md);
    await Deno.writeTextFile(
      new URL(`${named}.json`, RESULTS_DIR),
      JSON.stringify(
        {
          generated_at: now.toISOString(),
          config: cfg,
          machine,
          run,
          target_p95_ms: TARGET_P95_MS,
          met: targetMet(run),
        },
        null,
        2,
      ) + "\n",
    );
    console.log(md);
  } finally {
    await stack.owner.end();
  }
}

if (import.meta.main) await runBenchmark(main);

/**
 * `deno task bench:soak`: the whole system for 10 minutes at 50 creates/s (the pipeline
 * benchmark's stack and load), the resident size of every process every 10 s, and whether
 * any grows without bound. Seed first with `deno task bench:pipeline --seed-only`. Writes
 * `bench/results/soak.md` and `soak-<date>.json`.
 * @module
 */
import { describeMachine } from "../common/machine.ts";
import { datedJsonName, RESULTS_DIR, runBenchmark } from "../common/proc.ts";
import { loadPipelineConfig } from "../pipeline/config.ts";
import { seededStack } from "../pipeline/seed_step.ts";
import { soakMarkdown } from "./report.ts";
import { runSoak } from "./soak.ts";

async function main() {
  const cfg = loadPipelineConfig();
  const { stack } = await seededStack(cfg);
  try {
    const now = new Date();
    const run = await runSoak(stack, cfg);
    const machine = await describeMachine("none (paced HTTP client, open loop)");
    const md = soakMarkdown(run, cfg, machine, now);
    await Deno.writeTextFile(new URL("soak.md", RESULTS_DIR), md);
    await Deno.writeTextFile(
      new URL(datedJsonName("soak", now), RESULTS_DIR),
      JSON.stringify({ generated_at: now.toISOString(), config: cfg, machine, run }, null, 2) +
        "\n",
    );
    console.log(md);
  } finally {
    await stack.owner.end();
  }
}

if (import.meta.main) await runBenchmark(main);

/**
 * The stack and its seed, as both the pipeline benchmark and the soak need them.
 * @module
 */
import { loadEmbeddingConfig } from "@hire/embedding";
import { step } from "../common/proc.ts";
import type { PipelineConfig } from "./config.ts";
import { seed, seedFingerprint, type SeedReport } from "./seed.ts";
import { prepareStack, type Stack } from "./stack.ts";

/** The benchmark's database prepared and seeded (or found seeded). */
export async function seededStack(
  cfg: PipelineConfig,
): Promise<{ stack: Stack; seeded: SeedReport }> {
  const embedding = loadEmbeddingConfig(Deno.env.toObject());
  const spec = { seekers: cfg.BENCH_SEEKERS, distinct: cfg.BENCH_SEED_DISTINCT };
  const stack = await prepareStack(cfg.BENCH_PIPELINE_DATABASE, seedFingerprint(spec, embedding));
  const seeded = await seed(stack.owner, stack.urlOf("embed"), spec, embedding);
  step(
    seeded.alreadySeeded
      ? `pipeline: ${cfg.BENCH_PIPELINE_DATABASE} already seeded (${seeded.fingerprint})`
      : `pipeline: seeded in ${seeded.seconds?.toFixed(0)} s`,
  );
  return { stack, seeded };
}

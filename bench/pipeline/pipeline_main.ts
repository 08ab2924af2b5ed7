/**
 * `deno task bench:pipeline` (also run by `deno task bench`): time from 201 to
 * `match_ready: true` with 10,000 seekers in the index while jobs are created at a steady
 * rate. Starts `deno task dev` when the system is not running. Writes
 * `bench/results/pipeline.md` and `pipeline-<date>.json`.
 * @module
 */
import { connect } from "@hire/db";
import { embeddingSpace, loadEmbeddingConfig } from "@hire/embedding";
import { createPartner } from "../common/partner.ts";
import { describeMachine } from "../common/machine.ts";
import { benchPipeline, type PipelineBenchConfig } from "./pipeline.ts";
import { RESULTS_DIR, runBenchmark } from "../common/proc.ts";
import { benchBaseUrl, systemFor } from "../common/system.ts";

const num = (name: string, def: number) => Number(Deno.env.get(name) ?? def);
const TARGET_P95_MS = 2000;

async function main() {
  const baseUrl = benchBaseUrl();
  const system = await systemFor(baseUrl);
  const sql = connect(Deno.env.get("DATABASE_URL") ?? "postgres://postgres@127.0.0.1:5432/hire", {
    max: 4,
  });
  try {
    const partner = await createPartner(`Pipeline bench ${new Date().toISOString()}`);
    const cfg: PipelineBenchConfig = {
      baseUrl,
      apiKey: partner.api_key,
      seekers: num("BENCH_SEEKERS", 10_000),
      rate: num("BENCH_PIPELINE_RATE", 5),
      durationS: num("BENCH_PIPELINE_DURATION", 30),
      deadlineS: 30,
      seekerTable: `${
        embeddingSpace(loadEmbeddingConfig(Deno.env.toObject())).prefix
      }seeker_vectors`,
    };
    const result = await benchPipeline(sql, cfg);
    const machine = await describeMachine("none (paced HTTP client)");
    const now = new Date();
    const met = result.jobsReady === result.jobsCreated && result.readyMs.p95 <= TARGET_P95_MS;
    const ms = (x: number) => Number.isNaN(x) ? "n/a" : `${Math.round(x)} ms`;
    const md = `# Pipeline benchmark

Measured on ${now.toISOString()} with \`deno task bench:pipeline\`: ${result.seekersInIndex}
seekers in the index (pgvector, HNSW), ${cfg.rate} jobs/s created for ${cfg.durationS} s through
the API, each polled until \`match_ready: true\`. Everything (Kafka, Postgres, the four services,
the client) shares the machine below.

| figure | value |
| --- | --- |
| jobs created / match-ready within ${cfg.deadlineS} s | ${result.jobsCreated} / ${result.jobsReady} |
| 201 → match_ready p50 | ${ms(result.readyMs.p50)} |
| 201 → match_ready p95 (target ≤ ${TARGET_P95_MS} ms) | ${ms(result.readyMs.p95)} — ${
      met ? "met" : "MISSED"
    } |
| 201 → match_ready p99 / max | ${ms(result.readyMs.p99)} / ${ms(result.readyMs.max)} |
| job.matched pairs found for these jobs | ${result.matchesFound} |
| seekers embedded per second while seeding | ${
      result.seedEmbeddingsPerSec?.toFixed(1) ?? "already seeded"
    } |
| seekers re-indexed per second (\`deno task reindex\`, stored profiles into a new embedding space) | ${
      result.reindexPerSec?.toFixed(1) ?? "not needed"
    } |

Machine: ${machine.nproc} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, ${machine.os},
${machine.deno}, ${machine.postgres}, ${machine.kafka}. Model embeddings per second by batch size:
\`embeddings.md\`.
`;
    await Deno.writeTextFile(new URL("pipeline.md", RESULTS_DIR), md);
    await Deno.writeTextFile(
      new URL(`pipeline-${now.toISOString().slice(0, 10)}.json`, RESULTS_DIR),
      JSON.stringify(
        {
          generated_at: now.toISOString(),
          config: { ...cfg, apiKey: undefined },
          machine,
          result,
          target_p95_ms: TARGET_P95_MS,
          met,
        },
        null,
        2,
      ) + "\n",
    );
    console.log(md);
  } finally {
    await sql.end();
    await system?.stop();
  }
}

if (import.meta.main) await runBenchmark(main);

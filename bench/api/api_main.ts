/**
 * `deno task bench:api` (also run by `deno task bench`): load-tests the jobs API over loopback with wrk (or autocannon when
 * wrk cannot be installed) and writes the results to `bench/results/`. Starts
 * `deno task dev` when the system is not running, and stops it again at the end.
 * @module
 */
import { type BenchConfig, readConfig } from "../common/config.ts";
import { bottleneckNotes } from "../common/diagnose.ts";
import { jobBody, JOBS_PATH, type LoadKind, type LoadSpec } from "../common/load.ts";
import { describeMachine } from "../common/machine.ts";
import { cpuLine } from "../common/markdown.ts";
import { warmAndMeasure } from "../common/measure.ts";
import { createPartner } from "../common/partner.ts";
import { RESULTS_DIR, runBenchmark, step } from "../common/proc.ts";
import { type ScenarioResult, scenarioResult, textTable, writeResults } from "../common/report.ts";
import { isReady, type StartedSystem, startSystem } from "../common/system.ts";
import { chooseTool, runLoad, type Tool, toolVersion } from "../common/load_tool.ts";
import { createOneJob, newestJobIds } from "./jobs.ts";
import { type Scenario, TARGETS } from "./targets.ts";

async function measure(
  tool: Tool,
  cfg: BenchConfig,
  apiKey: string,
  scenario: Scenario,
  kind: LoadKind,
  systemPgid: number | undefined,
): Promise<ScenarioResult> {
  const spec: LoadSpec = {
    scenario,
    baseUrl: cfg.baseUrl,
    apiKey,
    kind,
    durationS: cfg.warmupS,
    connections: cfg.connections,
    threads: cfg.threads,
    timeoutS: cfg.timeoutS,
  };
  const { result, cpu } = await warmAndMeasure(
    scenario,
    (durationS, nonce) => runLoad(tool, { ...spec, durationS }, nonce),
    { ...cfg, systemPgid },
  );
  const request = kind.type === "create" ? `POST ${JOBS_PATH}` : `GET ${JOBS_PATH}/:id`;
  return scenarioResult(scenario, request, cfg, result, TARGETS[scenario], cpu);
}

async function main(): Promise<void> {
  const cfg = readConfig();
  const tool = await chooseTool(cfg.tool);
  const loadGenerator = await toolVersion(tool);

  let system: StartedSystem | undefined;
  if (await isReady(cfg.baseUrl)) {
    step(`using the system already running at ${cfg.baseUrl}`);
  } else {
    step(`${cfg.baseUrl}/readyz does not answer 200; starting deno task dev`);
    system = await startSystem(cfg.baseUrl);
    const stopOnSignal = () => {
      system?.stop().finally(() => Deno.exit(130));
    };
    Deno.addSignalListener("SIGINT", stopOnSignal);
    Deno.addSignalListener("SIGTERM", stopOnSignal);
  }
  try {
    const partner = await createPartner(`Bench ${new Date().toISOString()}`);
    step(`created partner ${partner.partner_id}`);
    await createOneJob(cfg.baseUrl, partner.api_key, jobBody("Bench smoke test"));

    const pgid = system?.pgid;
    const results = [
      await measure(tool, cfg, partner.api_key, "create-job", { type: "create" }, pgid),
    ];
    const ids = await newestJobIds(cfg.baseUrl, partner.api_key);
    step(`retrieve-job: cycling through ${ids.length} jobs created by the create run`);
    results.push(
      await measure(tool, cfg, partner.api_key, "retrieve-job", { type: "retrieve", ids }, pgid),
    );

    const now = new Date();
    const report = {
      date: now.toISOString().slice(0, 10),
      generated_at: now.toISOString(),
      config: cfg,
      machine: await describeMachine(loadGenerator),
      results,
      notes: bottleneckNotes(results),
    };
    const paths = await writeResults(report, RESULTS_DIR);
    console.log(
      `\nJobs API on ${report.machine.nproc} cores, ${loadGenerator}, ` +
        `${cfg.connections} connections, ${cfg.durationS} s per scenario\n`,
    );
    console.log(textTable(results));
    console.log("");
    for (const r of results) console.log(`${r.scenario}: ${cpuLine(r.cpu)}`);
    for (const n of report.notes) console.log(`note: ${n}`);
    console.log(`\nwrote ${paths.join(", ")}`);
  } finally {
    await system?.stop();
  }
}

if (import.meta.main) await runBenchmark(main);

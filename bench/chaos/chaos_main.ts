/**
 * `deno task chaos [--scenario broker,job,…]`: the fault suite. Runs the whole system as
 * `deno task dev` does, on a Kafka broker and a database of its own (`hire_chaos`, afresh),
 * puts a steady load of retrying clients on it, and kills (`kill -9`) the broker, each
 * service and the edge in turn, restarting each; after every fault it checks that nothing
 * acknowledged was lost or applied twice and that every event reached the webhook. Writes
 * `bench/results/chaos.md` and `chaos-<date>.json` (for a subset of scenarios,
 * `chaos-<names>.md` and `chaos-<names>-<date>.json`), and every request and answer to
 * `.local/chaos/ledger.json`; exits 1 when a promise was broken. The `CHAOS_*` variables are
 * read in `config.ts` and listed in bench/README.md.
 * @module
 */
import { LOCAL } from "../../deploy/local/run.ts";
import { commitUnderTest } from "../common/commit.ts";
import { describeMachine } from "../common/machine.ts";
import { datedJsonName, RESULTS_DIR, ROOT, runBenchmark, step } from "../common/proc.ts";
import { writeResultFiles } from "../common/report.ts";
import { stopKafka } from "../../deploy/local/kafka.ts";
import { readChaosConfig, SCENARIOS } from "./config.ts";
import { newLedger } from "./ledger.ts";
import { chaosMarkdown, type ChaosReport } from "./report.ts";
import { runScenario, type ScenarioResult } from "./scenarios.ts";
import { startChaosSystem } from "./system.ts";

async function main() {
  const runStarted = Date.now();
  const cfg = readChaosConfig(Deno.args);
  const ledger = newLedger();
  const results: ScenarioResult[] = [];
  let aborted: string | undefined;
  // Until the services run, only the broker may be left running.
  let stop = () => stopKafka(cfg.broker);
  // Interrupted: the services and the broker must not outlive the suite.
  const onSignal = async () => {
    step("chaos: interrupted; stopping the services and the broker");
    await stop();
    Deno.exit(130);
  };
  const signals = ["SIGINT", "SIGTERM"] as const;
  for (const signal of signals) Deno.addSignalListener(signal, onSignal);
  try {
    const system = await startChaosSystem(cfg, (s) => stop = s);
    const ctx = { ...system.ctx, ledger };
    for (const name of cfg.scenarios) {
      step(`chaos: scenario ${name}`);
      const r = await runScenario(ctx, name);
      results.push(r);
      step(
        `chaos: ${name} ${r.passed ? "passed" : "FAILED"}: ${r.checked.jobs} jobs, ` +
          `${r.answers.s503} 503s, ready after ${r.ready_after_restart_ms} ms` +
          r.violations.slice(0, 5).map((v) => `\n  ${v.rule}: ${v.detail}`).join(""),
      );
    }
  } catch (err) {
    // What was measured before is still written.
    aborted = err instanceof Error ? err.message : String(err);
  } finally {
    await Deno.mkdir(`${LOCAL}chaos`, { recursive: true });
    await Deno.writeTextFile(`${LOCAL}chaos/ledger.json`, JSON.stringify(ledger));
    await stop();
    for (const signal of signals) Deno.removeSignalListener(signal, onSignal);
  }

  const now = new Date();
  const report: ChaosReport = {
    date: now.toISOString().slice(0, 10),
    generated_at: now.toISOString(),
    config: cfg,
    machine: await describeMachine("the suite's retrying fetch clients, in its own process"),
    commit: await commitUnderTest(),
    results,
    run_s: Math.round((Date.now() - runStarted) / 1000),
    ...(aborted ? { aborted } : {}),
  };
  const name = cfg.scenarios.length === SCENARIOS.length
    ? "chaos"
    : `chaos-${cfg.scenarios.join("-")}`;
  const paths = await writeResultFiles(RESULTS_DIR, {
    name,
    date: report.date,
    json: report,
    markdown: chaosMarkdown(report, datedJsonName(name, report.date)),
  });
  step(`chaos: wrote ${paths.map((p) => p.replace(ROOT, "")).join(", ")}`);
  if (aborted) throw new Error(aborted);
  if (results.some((r) => !r.passed)) throw new Error("a scenario broke a promise (see above)");
}

if (import.meta.main) await runBenchmark(main);

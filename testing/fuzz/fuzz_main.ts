/**
 * `deno task fuzz [--seed N] [--runs N] [--operation 'METHOD /path'] [--path P]
 * [--concurrency N] [--record]`: the property-based fuzz of the API against the edge and the
 * job service in-process (as the system tests run them) on real Kafka and Postgres, a
 * database of its own (`hire_fuzz_<random>`, dropped afterwards) and fresh `test.` topics.
 * Needs Kafka and Postgres running (`deno task infra`). Prints the figures and every failure
 * with its shrunk counterexample and the command that replays it; `--record` also writes
 * them to `bench/results/fuzz.md`. Exits 1 when anything failed.
 * @module
 */
import type { FuzzOptions } from "./fuzz_run.ts";

const RESULTS = new URL("../../bench/results/fuzz.md", import.meta.url);
/** The heading of the hand-written part of the results, kept by `--record`. */
const FINDINGS = "## Findings";
const FLAGS = ["seed", "runs", "operation", "path", "concurrency"];

/** `--name value` and `--name=value` options, and the `--record` switch. */
function parseArgs(argv: string[]): Record<string, string> & { record?: string } {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.replace(/^--/, "").split(/=(.*)/s);
    if (flag === "record") out.record = "true";
    else if (FLAGS.includes(flag!) && (inline ?? argv[i + 1]) !== undefined) {
      out[flag!] = inline ?? argv[++i]!;
    } else throw new Error(`unknown or incomplete option ${argv[i]}`);
  }
  return out;
}

const args = parseArgs(Deno.args);
const int = (name: string, value: string | undefined, fallback: number) => {
  const n = value === undefined ? fallback : Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`--${name} must be an integer`);
  return n;
};
const opts: FuzzOptions = {
  seed: int("seed", args.seed, Date.now() % 2 ** 31),
  runs: int("runs", args.runs, 10_000),
  operation: args.operation,
  path: args.path,
  concurrency: int("concurrency", args.concurrency, 3),
  log: (line) => console.log(line),
};

// stack.ts reads DATABASE_URL when it is first imported. The run's own database is made
// beside `hire_fuzz` on DATABASE_URL's server, named so `deno task test` never takes it for
// one of its own.
const base = new URL(Deno.env.get("DATABASE_URL") ?? "postgres://postgres@127.0.0.1:5432/hire");
base.pathname = "/hire_fuzz";
Deno.env.set("DATABASE_URL", base.toString());
const { startStack } = await import("../stack.ts");
const { fuzzMarkdown } = await import("./fuzz_report.ts");
const { FUZZ_EDGE_ENV, prepareTarget, runFuzz } = await import("./fuzz_run.ts");

console.log(`fuzz: seed ${opts.seed}, ${opts.runs} requests`);
const stack = await startStack({
  ownDatabase: true,
  commandTimeoutMs: 20_000,
  edgeEnv: FUZZ_EDGE_ENV,
});
let failed = true;
try {
  const report = await runFuzz(await prepareTarget(stack), opts);
  const markdown = fuzzMarkdown(report, {
    date: new Date().toISOString().slice(0, 10),
    machine: `${navigator.hardwareConcurrency} cores, Deno ${Deno.version.deno}`,
  });
  console.log("\n" + markdown);
  if (args.record) {
    // What earlier runs found, written by hand below the figures, stays.
    const previous = await Deno.readTextFile(RESULTS).catch(() => "");
    const findings = previous.indexOf(FINDINGS);
    await Deno.writeTextFile(
      RESULTS,
      markdown + (findings >= 0 ? "\n" + previous.slice(findings) : ""),
    );
    console.log(`written to ${RESULTS.pathname}`);
  }
  failed = report.failures.length > 0;
} finally {
  await stack.stop();
}
Deno.exit(failed ? 1 : 0);

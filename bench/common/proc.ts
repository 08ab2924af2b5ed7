/**
 * Where the benchmarks run and write, and small helpers to run commands from them.
 * @module
 */

/** The repository's root folder. */
export const ROOT = new URL("../../", import.meta.url).pathname;
/** `bench/results/`: every benchmark writes its Markdown summary and JSON figures here. */
export const RESULTS_DIR = new URL("../results/", import.meta.url);

/**
 * The name of a run's raw figures beside `<name>.md`: `<name>-<UTC date>.json`, the date of
 * `at` (a Date, or an ISO timestamp or date). Reports name their figures by it, and
 * `bench:keep` finds a run's figures so.
 */
export function datedJsonName(name: string, at: Date | string): string {
  const iso = typeof at === "string" ? at : at.toISOString();
  return `${name}-${iso.slice(0, 10)}.json`;
}

/** Output of a finished command; never throws for a non-zero exit. */
export interface CommandOutput {
  success: boolean;
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion and collects its output. */
export async function commandOutput(
  cmd: string,
  args: string[],
  opts: { cwd?: string; env?: Record<string, string> } = {},
): Promise<CommandOutput> {
  try {
    const out = await new Deno.Command(cmd, {
      args,
      cwd: opts.cwd,
      env: opts.env,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const decode = (b: Uint8Array) => new TextDecoder().decode(b);
    return {
      success: out.success,
      code: out.code,
      stdout: decode(out.stdout),
      stderr: decode(out.stderr),
    };
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) {
      return { success: false, code: 127, stdout: "", stderr: `${cmd}: not found` };
    }
    throw err;
  }
}

/** Whether an executable is on PATH. */
export async function has(cmd: string): Promise<boolean> {
  return (await commandOutput("sh", ["-c", `command -v ${cmd}`])).success;
}

/** Prints a progress line of the benchmark on stderr. */
export function step(msg: string): void {
  console.error(`[bench] ${msg}`);
}

/** Runs a benchmark's entry point; a failure is reported on one line and exits 1. */
export async function runBenchmark(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (err) {
    console.error(`[bench] failed: ${err instanceof Error ? err.message : err}`);
    Deno.exit(1);
  }
}

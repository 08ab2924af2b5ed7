/**
 * Records the whole machine with `perf` over a window and splits the samples by process group
 * and kind of code (`perf_split.ts`). Needs `perf` (Debian's `linux-perf`) and the right to
 * sample every CPU (root, or `kernel.perf_event_paranoid` ≤ 0).
 * @module
 */
import type { CpuSnapshot } from "./cpu.ts";
import { EXITED } from "./cpu.ts";
import {
  type CodeMap,
  parseCodeMap,
  parsePerfScript,
  type PerfSplit,
  splitSamples,
} from "./perf_split.ts";

/** Samples a second per core: odd, so the sampling does not beat with the kernel's 100 Hz tick. */
export const PERF_FREQUENCY = 499;

/** `perf record`'s arguments: every core, at `PERF_FREQUENCY`, into `output`, while `command` runs. */
const recordArgs = (
  output: string,
  ...command: string[]
) => ["record", "-a", "-F", String(PERF_FREQUENCY), "-o", output, "--", ...command];

/** What a program printed to stderr, as text. */
const stderrText = (out: { stderr: Uint8Array }) => new TextDecoder().decode(out.stderr).trim();

/** A recording under way. */
export interface PerfRecording {
  /**
   * Waits for the window to end; splits its samples by the groups of `named` (which wins) or
   * else of the snapshots.
   */
  split(
    snapshots: readonly CpuSnapshot[],
    named?: ReadonlyMap<number, string>,
  ): Promise<PerfSplit>;
}

/** Recordings of one run; `cleanUp` removes its folder. */
export interface PerfSession {
  record(seconds: number): PerfRecording;
  cleanUp(): Promise<void>;
}

/**
 * Fails at start-up, not after minutes of a run, when `perf` cannot record. `perf` is the
 * program run (a test gives one that fails).
 */
export async function checkPerf(perf = "perf"): Promise<void> {
  let reason: string | undefined;
  try {
    // `output()` throws before it returns a promise when the program cannot be started.
    const out = await new Deno.Command(perf, {
      args: recordArgs("/dev/null", "true"),
      stdout: "null",
      stderr: "piped",
    }).output();
    if (!out.success) reason = stderrText(out);
  } catch (e) {
    reason = String(e);
  }
  if (reason !== undefined) {
    throw new Error(
      `perf cannot sample this machine (install linux-perf; run as root or set ` +
        `kernel.perf_event_paranoid to 0 or less): ${reason}`,
    );
  }
}

/**
 * Starts a session; its recordings are written to a temporary folder of its own. `perf` is
 * the program run, as for `checkPerf`.
 */
export async function startPerfSession(perf = "perf"): Promise<PerfSession> {
  const dir = await Deno.makeTempDir({ prefix: "perf-session-" });
  const maps = new Map<number, CodeMap | undefined>();
  let n = 0;
  const mapOf = (pid: number) => {
    if (!maps.has(pid)) {
      let text: string | undefined;
      try {
        text = Deno.readTextFileSync(`/tmp/perf-${pid}.map`);
      } catch {
        text = undefined;
      }
      maps.set(pid, text === undefined ? undefined : parseCodeMap(text));
    }
    return maps.get(pid);
  };
  return {
    record(seconds) {
      const path = `${dir}/perf-${Deno.pid}-${++n}.data`;
      const child = new Deno.Command(perf, {
        args: recordArgs(path, "sleep", String(seconds)),
        stdout: "null",
        stderr: "piped",
      }).spawn();
      return {
        async split(snapshots, named) {
          const recorded = await child.output();
          try {
            if (!recorded.success) {
              throw new Error(`perf record failed: ${stderrText(recorded)}`);
            }
            const script = await new Deno.Command(perf, {
              args: ["script", "-i", path, "-F", "pid,ip,sym,dso"],
              stdout: "piped",
              stderr: "piped",
            }).output();
            if (!script.success) {
              throw new Error(`perf script failed: ${stderrText(script)}`);
            }
            const groupOf = (pid: number) =>
              named?.get(pid) ??
                snapshots.map((s) => s.procs.get(pid)?.group).find((g) => g !== undefined) ??
                EXITED;
            // Maps are read after the window: a process compiles as it runs, and its map grows.
            maps.clear();
            return splitSamples(parsePerfScript(new TextDecoder().decode(script.stdout)), {
              groupOf,
              mapOf,
              frequency: PERF_FREQUENCY,
              seconds,
            });
          } finally {
            await Deno.remove(path).catch(() => {});
          }
        },
      };
    },
    async cleanUp() {
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}

/**
 * Reads the CPU figures of the runs and says, in plain words, where the time likely went.
 * @module
 */
import { EXITED, STEAL_AFFECTS_PCT, STOLEN } from "./cpu.ts";
import type { ScenarioResult } from "./report.ts";

const SINGLE_THREADED = new Set(["edge (deno)", "job service (deno)", "site (deno)"]);

/** Notes about likely bottlenecks, one per finding. */
export function bottleneckNotes(results: ScenarioResult[]): string[] {
  const notes: string[] = [];
  for (const r of results) {
    const { cpu } = r;
    const top = cpu.groups.slice(0, 3).map((g) => `${g.group} ${g.corePct.toFixed(0)}%`);
    if (cpu.machineBusyPct >= 80) {
      notes.push(
        `${r.scenario}: CPU-bound — the ${cpu.cores} cores were ` +
          `${cpu.machineBusyPct.toFixed(0)}% busy; biggest consumers ${top.join(", ")}.`,
      );
    } else if (!r.met) {
      notes.push(
        `${r.scenario}: the machine was only ${cpu.machineBusyPct.toFixed(0)}% busy, so the ` +
          `time is mostly spent waiting (I/O, acknowledgements, round trips), not computing; ` +
          `biggest consumers ${top.join(", ")}.`,
      );
    }
    for (const g of cpu.groups) {
      if (SINGLE_THREADED.has(g.group) && g.corePct >= 85) {
        notes.push(
          `${r.scenario}: ${g.group} used ${g.corePct.toFixed(0)}% of a core; its JavaScript ` +
            `runs on one thread, so one process of it cannot go much faster.`,
        );
      }
      if (g.group === "wrk" || g.group === "bench (deno)") {
        notes.push(
          `${r.scenario}: the load generator itself took ${g.corePct.toFixed(0)}% of a core ` +
            `from the same machine.`,
        );
      }
      if (g.group === STOLEN && g.corePct >= STEAL_AFFECTS_PCT) {
        notes.push(
          `${r.scenario}: the hypervisor ran other machines for ${g.corePct.toFixed(0)}% of a ` +
            `core while this one's processes were ready; every figure of the run is affected.`,
        );
      }
      const outside = g.group === "other" || g.group.startsWith("other ") || g.group === EXITED;
      if (outside && g.corePct >= 10) {
        notes.push(
          `${r.scenario}: processes outside the system under test (${g.group}) took ` +
            `${g.corePct.toFixed(0)}% of a core during the run; the figures are affected.`,
        );
      }
    }
  }
  return notes;
}

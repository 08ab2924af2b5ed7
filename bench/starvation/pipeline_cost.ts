/**
 * What the pipeline's work cost the machine while it drained, per job it embedded, and so how
 * many cores keeping up with the phases' create rate takes beside the API. The p99 ratio swings
 * between runs of the same code; this is the figure that says whether the rule can hold on the
 * machine at all: a machine kept busier than its cores can give waits for cores whatever the
 * priorities.
 * @module
 */
import { type CpuUsage, STOLEN } from "../common/cpu.ts";

/** The part of a phase the cost is read from. */
export interface PhaseCpu {
  /** Creates a second. */
  rate: number;
  /** The phase's answers by status; each 201 created a job. */
  statuses: Record<string, number>;
  backlogAtStart: number;
  backlogAtEnd: number;
  cpu: CpuUsage;
  /** Seconds the CPU was read over. */
  cpuWindowS: number;
}

/** The pipeline's cost while draining, against the same load with it stopped. */
export interface PipelineCost {
  /** Jobs embedded during the draining phase: its backlog at start, plus created, less at end. */
  jobsEmbedded: number;
  /** Milliseconds of the machine's CPU each of them cost beyond the API's own work. */
  msPerJob: number;
  /** The same by process group, the groups whose CPU grew, largest first. */
  byGroup: { group: string; msPerJob: number }[];
  /** Cores the API's load took with the pipeline stopped. */
  apiCores: number;
  /** Creates a second of the load. */
  rate: number;
  /** Cores the pipeline takes at `rate` jobs a second, at `msPerJob`. */
  pipelineCores: number;
  /** The machine's cores. */
  cores: number;
}

/**
 * The pipeline's cost per job: the draining phase's CPU less the stopped phase's (the same
 * load, so the same API work), machine-wide and per process group, over the jobs embedded in
 * the draining phase. Null when it embedded nothing.
 */
export function pipelineCost(
  stopped: Pick<PhaseCpu, "cpu">,
  draining: PhaseCpu,
): PipelineCost | null {
  const created = draining.statuses["201"] ?? 0;
  const jobsEmbedded = draining.backlogAtStart + created - draining.backlogAtEnd;
  if (jobsEmbedded <= 0) return null;
  const cores = draining.cpu.cores;
  // Core-seconds over the draining phase's window beyond the stopped phase's rate of use
  // (percentages of one core).
  const extra = (before: number, after: number) => ((after - before) / 100) * draining.cpuWindowS;
  const msAJob = (coreS: number) => (1000 * coreS) / jobsEmbedded;
  const machine = extra(
    stopped.cpu.machineBusyPct * cores,
    draining.cpu.machineBusyPct * cores,
  );
  const pctOf = (cpu: CpuUsage, group: string) =>
    cpu.groups.find((g) => g.group === group)?.corePct ?? 0;
  // The hypervisor's taking is no work of the pipeline's, however it changed between phases.
  const groups = new Set(
    [...stopped.cpu.groups, ...draining.cpu.groups].map((g) => g.group).filter((g) => g !== STOLEN),
  );
  const byGroup = [...groups]
    .map((group) => ({
      group,
      msPerJob: msAJob(extra(pctOf(stopped.cpu, group), pctOf(draining.cpu, group))),
    }))
    .filter((g) => g.msPerJob > 0)
    .sort((a, b) => b.msPerJob - a.msPerJob);
  const msPerJob = msAJob(machine);
  return {
    jobsEmbedded,
    msPerJob,
    byGroup,
    apiCores: (stopped.cpu.machineBusyPct / 100) * cores,
    rate: draining.rate,
    pipelineCores: (draining.rate * msPerJob) / 1000,
    cores,
  };
}

/** The report's sentence. */
export function pipelineCostSentence(c: PipelineCost | null): string {
  if (!c) return "The draining phase embedded no job, so its cost per job is not known.";
  const groups = c.byGroup.map((g) => `${g.group} ${g.msPerJob.toFixed(2)}`).join(", ");
  const total = c.apiCores + c.pipelineCores;
  return `The draining phase embedded ${c.jobsEmbedded} jobs with ` +
    `${(c.msPerJob * c.jobsEmbedded / 1000).toFixed(1)} core-seconds more than the stopped ` +
    `phase's same load: ${c.msPerJob.toFixed(2)} ms of CPU a job (${groups}; ms a job, by the ` +
    `groups that grew). Keeping up with ${c.rate} creates/s so takes ${c.apiCores.toFixed(2)} ` +
    `cores for the API and ${c.pipelineCores.toFixed(2)} for the pipeline: ${total.toFixed(2)} ` +
    `of the machine's ${c.cores}, ${(100 * total / c.cores).toFixed(0)}% of it.`;
}

import assert from "node:assert/strict";
import { type CpuUsage, STOLEN } from "../common/cpu.ts";
import { pipelineCost, pipelineCostSentence } from "./pipeline_cost.ts";

const cpu = (machineBusyPct: number, groups: Record<string, number>): CpuUsage => ({
  cores: 2,
  machineBusyPct,
  groups: Object.entries(groups).map(([group, corePct]) => ({ group, processes: 1, corePct })),
  top: [],
});

// Shaped like a run on a 2-core machine: 200 creates/s for 30 s in each phase.
const stopped = cpu(45, { edge: 24, postgres: 18, kafka: 17 });
const draining = {
  rate: 200,
  statuses: { "201": 6000 },
  backlogAtStart: 6000,
  backlogAtEnd: 9000,
  cpu: cpu(95, { edge: 18, postgres: 53, kafka: 17, embedding: 45 }),
  cpuWindowS: 30,
};

Deno.test("the pipeline's cost: the draining phase's extra CPU over the jobs it embedded", () => {
  const c = pipelineCost({ cpu: stopped }, draining)!;
  assert.equal(c.jobsEmbedded, 3000);
  // (95% - 45%) of 2 cores over 30 s is 30 core-seconds: 10 ms for each of 3,000 jobs.
  assert.ok(Math.abs(c.msPerJob - 10) < 1e-9);
  assert.deepEqual(
    c.byGroup.map((g) => [g.group, Number(g.msPerJob.toFixed(3))]),
    [["embedding", 4.5], ["postgres", 3.5]],
    "only the groups that grew, largest first; one absent before counts from zero",
  );
  assert.ok(Math.abs(c.apiCores - 0.9) < 1e-9);
  assert.ok(Math.abs(c.pipelineCores - 2) < 1e-9, "200 jobs/s at 10 ms");
  assert.match(pipelineCostSentence(c), /2\.90 of the machine's 2, 145% of it/);
});

Deno.test("the pipeline's cost is unknown when the draining phase embedded nothing", () => {
  const none = { ...draining, backlogAtStart: 0, backlogAtEnd: 6000 };
  assert.equal(pipelineCost({ cpu: stopped }, none), null);
  assert.match(pipelineCostSentence(null), /embedded no job/);
});

Deno.test("time the hypervisor stole is no group of the pipeline's cost, however it grew", () => {
  const stolenMore = {
    ...draining,
    cpu: {
      ...draining.cpu,
      groups: [...draining.cpu.groups, { group: STOLEN, processes: 0, corePct: 40 }],
    },
  };
  const c = pipelineCost({ cpu: stopped }, stolenMore)!;
  assert.deepEqual(c.byGroup.map((g) => g.group), ["embedding", "postgres"]);
});

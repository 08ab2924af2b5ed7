/**
 * The load of the pipeline benchmark and the soak: jobs created at a steady rate through
 * the API (open loop: each create starts on schedule, whether or not the previous one was
 * answered), each then read with GET until `match_ready: true`, as a partner sees it.
 * @module
 */
import {
  createRandom,
  generateLabelledSeekers,
  occupationByKey,
  syntheticJob,
} from "@hire/fixtures";
import { JOBS_PATH } from "../common/load.ts";

/** What happened to one create. */
export interface JobOutcome {
  /** The job's id; undefined when the create was not answered 201. */
  id?: string;
  /** The create's status, or 0 when it failed without one. */
  status: number;
  /** Wall clock of the 201 (ms since the epoch). */
  createdAt: number;
  /** Milliseconds from the 201 to the first GET that saw `match_ready: true`; null: missed. */
  readyMs: number | null;
  /** GETs made for it. */
  polls: number;
}

/** How the load is offered. */
export interface LoadOptions {
  edgeUrl: string;
  apiKey: string;
  rate: number;
  durationS: number;
  deadlineS: number;
  pollMs: number;
  pollMaxMs: number;
  /** Called with each outcome once it is known (the soak's running figures). */
  onOutcome?: (o: JobOutcome) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Job ads for the occupations of the seeded profiles, in their cities, so that most find
 * seekers: an endless, deterministic stream.
 */
export function jobBodies(seed = 11): () => Record<string, unknown> {
  const labelled = generateLabelledSeekers(1000, 1);
  const rnd = createRandom(seed);
  return () => {
    const s = rnd.pick(labelled);
    return { ...syntheticJob(occupationByKey(s.occupation)!, s.language, s.seeker.city, rnd).body };
  };
}

/** The times at which the creates of a run start, in ms from its start. */
export function schedule(rate: number, durationS: number): number[] {
  return Array.from({ length: Math.round(rate * durationS) }, (_, i) => (i * 1000) / rate);
}

async function createOne(opts: LoadOptions, body: unknown): Promise<JobOutcome> {
  try {
    const res = await fetch(`${opts.edgeUrl}${JOBS_PATH}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${opts.apiKey}`,
        "content-type": "application/json",
        "idempotency-key": crypto.randomUUID(),
      },
      body: JSON.stringify(body),
    });
    const createdAt = Date.now();
    const json = await res.json();
    if (res.status !== 201) return { status: res.status, createdAt, readyMs: null, polls: 0 };
    return { id: json.id, status: 201, createdAt, readyMs: null, polls: 0 };
  } catch {
    return { status: 0, createdAt: Date.now(), readyMs: null, polls: 0 };
  }
}

/** The wait after the `n`th GET (from 1): `first` ms, doubling, never above `max`. */
export function pollDelay(n: number, first: number, max: number): number {
  return Math.min(max, first * 2 ** Math.max(0, n - 1));
}

/** GETs the job, ever less often, until it is match-ready or the deadline passes. */
async function awaitReady(opts: LoadOptions, job: JobOutcome): Promise<JobOutcome> {
  const deadline = job.createdAt + opts.deadlineS * 1000;
  while (Date.now() < deadline) {
    job.polls++;
    const res = await fetch(`${opts.edgeUrl}${JOBS_PATH}/${job.id}`, {
      headers: { authorization: `Bearer ${opts.apiKey}` },
    }).catch(() => undefined);
    const body = res ? await res.json().catch(() => ({})) : {};
    if (body.match_ready === true) return { ...job, readyMs: Date.now() - job.createdAt };
    await sleep(pollDelay(job.polls, opts.pollMs, opts.pollMaxMs));
  }
  return job;
}

/** Offers the load; resolves with every create's outcome once each is known. */
export async function offerLoad(
  opts: LoadOptions,
  body: () => Record<string, unknown>,
): Promise<JobOutcome[]> {
  const start = performance.now();
  const outcomes: Promise<JobOutcome>[] = [];
  for (const due of schedule(opts.rate, opts.durationS)) {
    await sleep(Math.max(0, start + due - performance.now()));
    outcomes.push((async () => {
      const created = await createOne(opts, body());
      const done = created.id ? await awaitReady(opts, created) : created;
      opts.onOutcome?.(done);
      return done;
    })());
  }
  return await Promise.all(outcomes);
}

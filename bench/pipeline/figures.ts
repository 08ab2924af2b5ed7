/**
 * The figures of a run, from what the client saw and what the database recorded: pure.
 * @module
 */
import { type LatencyStats, latencyStats, roundedStats } from "../common/stats.ts";
import type { JobOutcome } from "./load.ts";

/** What the database holds about one measured job (ms since the epoch). */
export interface JobTimes {
  id: string;
  /** The job row's `created_at`. */
  createdAt: number;
  /** When the embedding service made it match-ready the first time. */
  readyAt: number | null;
  /** The first and last `matched_at` of its pairs. */
  firstMatchAt: number | null;
  lastMatchAt: number | null;
  matches: number;
}

/** A run's figures. */
export interface PipelineFigures {
  jobsOffered: number;
  /** Creates answered 201. */
  jobsCreated: number;
  createErrors: Record<string, number>;
  jobsReady: number;
  /** 201 → the first GET that saw `match_ready: true`, as a partner sees it. */
  readyMs: LatencyStats;
  /** Where that time goes, from the database's clock (same machine). */
  stages: {
    /** 201 → row's `first_ready_at`: the pipeline without the polling's delay. */
    createdToReady: LatencyStats;
    /** `first_ready_at` → first pair recorded: matching's part, after match-ready. */
    readyToFirstMatch: LatencyStats;
    /** `first_ready_at` → last pair recorded. */
    readyToLastMatch: LatencyStats;
  };
  /** GETs per job until ready (the polling's load on the edge). */
  pollsPerJob: number;
  matchesFound: number;
  jobsWithMatches: number;
}

/** Figures of a run from the client's outcomes and the database's times. */
export function pipelineFigures(outcomes: JobOutcome[], times: JobTimes[]): PipelineFigures {
  const created = outcomes.filter((o) => o.id !== undefined);
  const errors: Record<string, number> = {};
  for (const o of outcomes.filter((o) => o.id === undefined)) {
    errors[String(o.status)] = (errors[String(o.status)] ?? 0) + 1;
  }
  const ready = created.flatMap((o) => o.readyMs === null ? [] : [o.readyMs]);
  const answeredAt = new Map(created.map((o) => [o.id!, o.createdAt]));
  const span = (from: (t: JobTimes) => number | null, to: (t: JobTimes) => number | null) =>
    roundedStats(latencyStats(times.flatMap((t) => {
      const [a, b] = [from(t), to(t)];
      return a === null || b === null ? [] : [b - a];
    })));
  return {
    jobsOffered: outcomes.length,
    jobsCreated: created.length,
    createErrors: errors,
    jobsReady: ready.length,
    readyMs: roundedStats(latencyStats(ready)),
    stages: {
      createdToReady: span((t) => answeredAt.get(t.id) ?? null, (t) => t.readyAt),
      readyToFirstMatch: span((t) => t.readyAt, (t) => t.firstMatchAt),
      readyToLastMatch: span((t) => t.readyAt, (t) => t.lastMatchAt),
    },
    pollsPerJob: created.length
      ? Math.round(created.reduce((n, o) => n + o.polls, 0) / created.length * 10) / 10
      : 0,
    matchesFound: times.reduce((n, t) => n + t.matches, 0),
    jobsWithMatches: times.filter((t) => t.matches > 0).length,
  };
}

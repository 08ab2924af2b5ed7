/**
 * The API benchmark's scenarios and their targets.
 * @module
 */
import type { Target } from "../common/config.ts";

/** The measured scenarios and their targets. */
export const TARGETS = {
  "create-job": { minRps: 1000, maxP99Ms: 100 },
  "retrieve-job": { minRps: 5000, maxP99Ms: 20 },
} as const satisfies Record<string, Target>;

/** A scenario's name. */
export type Scenario = keyof typeof TARGETS;

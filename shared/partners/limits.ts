/**
 * Each plan's per-minute request limit and monthly job quota: configuration, with the
 * documented defaults, so every edge enforces the same numbers.
 * @module
 */
import { intVar } from "@hire/config";
import type { Plan } from "./plans.ts";

/** The limits of one plan. */
export interface PlanLimits {
  /** Requests per one-minute window; every authenticated request counts one. */
  requestsPerMinute: number;
  /** Jobs created per calendar month (UTC); a bulk call counts each job it created. */
  jobsPerMonth: number;
}

/** Environment variables of the plan limits, with their defaults. */
export const planLimitsEnv = {
  PLAN_SANDBOX_REQUESTS_PER_MINUTE: intVar(60),
  PLAN_SANDBOX_JOBS_PER_MONTH: intVar(500),
  PLAN_GROWTH_REQUESTS_PER_MINUTE: intVar(600),
  PLAN_GROWTH_JOBS_PER_MONTH: intVar(20_000),
  PLAN_SCALE_REQUESTS_PER_MINUTE: intVar(3_000),
  PLAN_SCALE_JOBS_PER_MONTH: intVar(500_000),
};

type PlanLimitsConfig = { [K in keyof typeof planLimitsEnv]: number };

/** The limits of every plan, from validated configuration. */
export function planLimits(cfg: PlanLimitsConfig): Record<Plan, PlanLimits> {
  return {
    sandbox: {
      requestsPerMinute: cfg.PLAN_SANDBOX_REQUESTS_PER_MINUTE,
      jobsPerMonth: cfg.PLAN_SANDBOX_JOBS_PER_MONTH,
    },
    growth: {
      requestsPerMinute: cfg.PLAN_GROWTH_REQUESTS_PER_MINUTE,
      jobsPerMonth: cfg.PLAN_GROWTH_JOBS_PER_MONTH,
    },
    scale: {
      requestsPerMinute: cfg.PLAN_SCALE_REQUESTS_PER_MINUTE,
      jobsPerMonth: cfg.PLAN_SCALE_JOBS_PER_MONTH,
    },
  };
}

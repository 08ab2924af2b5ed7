/** The job service's configuration, read once at start-up. */
import { commonEnv, intVar, nonNegativeIntVar, parseConfig } from "@hire/config";
import { metricsEnv } from "@hire/metrics";
import { retentionEnv } from "@hire/tables";
import { groupEnv, topicEnv } from "@hire/topology";
import { z } from "zod";

const schema = z.object({
  ...commonEnv,
  ...topicEnv,
  /** Consumer group of the job service on jobs.commands. */
  JOB_GROUP_ID: groupEnv.JOB_GROUP_ID,
  /**
   * How long the broker waits for a silent member before handing its partitions to
   * another; lower recovers faster from a crash, higher tolerates longer pauses.
   */
  KAFKA_SESSION_TIMEOUT_MS: intVar(30_000),
  /**
   * Partitions of jobs.commands processed at once by one process (each in a transaction of
   * its own; the pool holds two connections more). All 12 by default: with 4, a command waited
   * behind other partitions' batches (18 ms of a create's 35 under load, bench/results/
   * baselines.md); more, larger transactions cost less per command.
   */
  JOB_CONCURRENCY: intVar(12),
  /**
   * The least time a batch of commands holds its partitions, so commands arriving meanwhile
   * are applied together in the next batch (0: none). A command that finds the service idle
   * is applied at once; under a steady flow, each round of fetch, transaction, outbox flush
   * and offset commit serves several creates instead of one (bench/results/batch-window.md).
   */
  JOB_BATCH_WINDOW_MS: nonNegativeIntVar(20),
  /**
   * Commands a second (over the last second) from which nothing is held (0: no bound): a flow
   * that fills its rounds by itself, where a hold would only add its wait to every create and,
   * for callers that wait for each answer, cut their throughput.
   */
  JOB_BATCH_WINDOW_UNTIL_RATE: nonNegativeIntVar(500),
  /** How often leftovers in the outbox are published (after a crash, say). */
  OUTBOX_INTERVAL_MS: intVar(1000),
  /** How often the tables the job service owns are purged of expired rows. */
  ...retentionEnv,
  ...metricsEnv,
});

/** The validated configuration. */
export type JobConfig = z.infer<typeof schema>;

/** Reads the configuration from the environment. */
export const loadJobConfig = (env?: Record<string, string | undefined>): JobConfig =>
  parseConfig(schema, env);

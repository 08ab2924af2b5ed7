/**
 * The matching service: when a job's or a seeker's vector is new, searches the other side
 * and announces each new high-confidence pair once as `job.matched`.
 * @module
 */
import type { Sql } from "@hire/db";
import { newId } from "@hire/ids";
import type { Logger } from "@hire/log";
import type { Registry } from "@hire/metrics";
import { startServiceOutbox } from "@hire/outbox";
import { type MessageQueue, startWorker } from "@hire/queue";
import { startRetention } from "@hire/tables";
import type { VectorIndex } from "@hire/vector";
import type { MatchingConfig } from "./config.ts";
import type { MatcherDeps } from "./matcher.ts";
import { matchingWorker } from "./worker.ts";

/** What the service needs from outside. */
export interface MatchingServiceDeps {
  sql: Sql;
  queue: MessageQueue;
  log: Logger;
  index: VectorIndex;
  /** Where the worker counts what it sets aside; absent: logged only. */
  metrics?: Registry;
}

/** Starts consuming; resolves once the worker has joined its group. */
export async function startMatchingService(
  cfg: MatchingConfig,
  deps: MatchingServiceDeps,
): Promise<{ stop(): Promise<void> }> {
  const matcher: MatcherDeps = {
    sql: deps.sql,
    index: deps.index,
    threshold: cfg.MATCH_THRESHOLD,
    limit: cfg.MATCH_LIMIT,
    siteBaseUrl: cfg.SITE_BASE_URL,
    eventsTopic: cfg.TOPIC_JOBS_EVENTS,
    newId: () => newId("evt"),
    now: () => new Date(),
  };
  const worker = matchingWorker(cfg, matcher);
  const outbox = await startServiceOutbox(deps, {
    topics: worker.produces,
    intervalMs: cfg.OUTBOX_INTERVAL_MS,
  });
  const workerDeps = { queue: deps.queue, log: deps.log, outbox, metrics: deps.metrics };
  const running = await startWorker(worker, workerDeps, {
    sessionTimeoutMs: cfg.KAFKA_SESSION_TIMEOUT_MS,
  });
  const retention = startRetention(deps, {
    tables: ["matches"],
    intervalMs: cfg.PURGE_INTERVAL_MS,
  });
  deps.log.info("matching service started", { threshold: cfg.MATCH_THRESHOLD });
  return {
    async stop() {
      retention.stop();
      await running.stop();
      await outbox.stop();
    },
  };
}

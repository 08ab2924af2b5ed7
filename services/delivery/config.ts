/** The delivery service's configuration, read once at start-up. */
import { commonEnv, durationVar, intVar, nonNegativeIntVar, parseConfig } from "@hire/config";
import { mailEnv } from "@hire/mail";
import { metricsEnv } from "@hire/metrics";
import { retentionEnv } from "@hire/tables";
import { groupEnv, topicEnv } from "@hire/topology";
import {
  DEFAULT_RETRY_SCHEDULE,
  parseRetrySchedule,
  secretKeysRequiredInProduction,
  webhookAddressEnv,
  webhookSecretKeysEnv,
} from "@hire/webhooks";
import { z } from "zod";
import type { WebhookHttpClientOptions } from "./http_client.ts";

const schema = z.object({
  ...commonEnv,
  TOPIC_JOBS_EVENTS: topicEnv.TOPIC_JOBS_EVENTS,
  TOPIC_WEBHOOKS_RETRY_PREFIX: topicEnv.TOPIC_WEBHOOKS_RETRY_PREFIX,
  TOPIC_WEBHOOKS_DEAD: topicEnv.TOPIC_WEBHOOKS_DEAD,
  ...webhookAddressEnv,
  ...webhookSecretKeysEnv,
  /** How often previous secrets past their overlap are cleared and stale ones re-encrypted. */
  WEBHOOK_SECRET_SWEEP_MS: intVar(60_000),
  ...mailEnv,
  /** A delivery succeeds on a 2xx received within this time (DNS, connect and body included). */
  WEBHOOK_TIMEOUT: durationVar("10s"),
  /** Delays of the retry ladder, one topic per entry; units s, m, h. */
  WEBHOOK_RETRY_SCHEDULE: z.string().default(DEFAULT_RETRY_SCHEDULE).transform((s, ctx) => {
    try {
      return parseRetrySchedule(s);
    } catch (err) {
      ctx.addIssue({ code: "custom", message: (err as Error).message });
      return z.NEVER;
    }
  }),
  /** Consecutive failures after which a webhook whose schedule ran out is disabled. */
  WEBHOOK_DISABLE_AFTER: intVar(5),
  /**
   * Requests one process has out at once, across all webhooks: a worker is free once its
   * response is in, while the record is still to commit.
   */
  DELIVERY_CONCURRENCY: intVar(128),
  /** Requests out to one webhook, across all processes: a slow one takes no more. */
  WEBHOOK_MAX_IN_FLIGHT: intVar(16),
  /**
   * Requests out to one partner's webhooks, across all processes: a partner whose
   * endpoints hang takes no more, and each process keeps the rest of its slots for others.
   */
  DELIVERY_PARTNER_MAX_IN_FLIGHT: intVar(32),
  /** Longest wait before looking for due work nobody announced (another process's leases). */
  DELIVERY_POLL_MS: intVar(1000),
  /**
   * Wait after a wake (an answered attempt, new attempts) before claiming, so that the wakes
   * of that time share one claim (claim_signal.ts); 0: claim at once.
   */
  DELIVERY_CLAIM_GATHER_MS: nonNegativeIntVar(10),
  /**
   * Extra CA certificate (PEM file) trusted for webhook endpoints, beside the public roots:
   * Deno's standard variable, read here because the delivery client (`node:https`, which
   * can connect to a checked address) does not read it itself. For tests and private CAs.
   */
  DENO_CERT: z.string().min(1).optional(),
  DELIVERY_GROUP_ID: groupEnv.DELIVERY_GROUP_ID,
  DELIVERY_LADDER_GROUP_ID: groupEnv.DELIVERY_LADDER_GROUP_ID,
  /** Partitions of jobs.events.v1 (and of the rungs) worked on at once. */
  DELIVERY_PARTITIONS_CONCURRENCY: intVar(12),
  OUTBOX_INTERVAL_MS: intVar(1000),
  KAFKA_SESSION_TIMEOUT_MS: intVar(30_000),
  ...retentionEnv,
  ...metricsEnv,
}).refine((c) => c.DELIVERY_PARTNER_MAX_IN_FLIGHT < c.DELIVERY_CONCURRENCY, {
  path: ["DELIVERY_PARTNER_MAX_IN_FLIGHT"],
  message: "must be below DELIVERY_CONCURRENCY, or one partner could take every slot",
}).refine(...secretKeysRequiredInProduction);

/** The validated configuration. */
export type DeliveryConfig = z.infer<typeof schema>;

/** Reads the configuration from the environment. */
export const loadDeliveryConfig = (env?: Record<string, string | undefined>): DeliveryConfig =>
  parseConfig(schema, env);

/** The webhook client's options as the configuration describes them (reads `DENO_CERT`'s file). */
export async function webhookClientOptions(cfg: DeliveryConfig): Promise<WebhookHttpClientOptions> {
  return {
    timeoutMs: cfg.WEBHOOK_TIMEOUT,
    allowPrivateNetworks: cfg.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    // Sockets are limited per webhook (WEBHOOK_MAX_IN_FLIGHT), not per host: a host-wide cap
    // would let one slow webhook hold every socket to a host its neighbours share.
    maxSocketsPerHost: cfg.DELIVERY_CONCURRENCY,
    ...(cfg.DENO_CERT ? { extraCaPem: await Deno.readTextFile(cfg.DENO_CERT) } : {}),
  };
}

/**
 * The dispatcher: claims due attempts from Postgres, makes them concurrently, and records
 * their outcomes in combined transactions. Each request holds one worker slot for at most
 * the webhook timeout, no webhook and no partner may have more than its share of requests
 * out, and free slots go to the least busy partner first, so slow endpoints delay nobody
 * else.
 * @module
 */
import { isDbUnavailable, type Sql } from "@hire/db";
import { combiner } from "@hire/queue";
import type { Logger } from "@hire/log";
import { cancelInactiveAttempts, claimDueAttempts, type ClaimedAttempt } from "@hire/tables";
import { openSigningSecrets, type RetryRung, type SecretBox } from "@hire/webhooks";
import { nextStep } from "./after_attempt.ts";
import {
  type AttemptOutcome,
  type LadderTopics,
  recordOutcomes,
  type RecordSummary,
} from "./attempts_store.ts";
import type { WebhookHttpClient } from "./http_client.ts";
import { claimRoom, RECORD_BATCH } from "./claim_room.ts";
import { claimSignal } from "./claim_signal.ts";
import { buildRequest } from "./request.ts";

/** What the dispatcher needs. */
export interface DispatcherDeps {
  sql: Sql;
  client: WebhookHttpClient;
  log: Logger;
  rungs: readonly RetryRung[];
  topics: LadderTopics;
  /** Called after outcomes are committed (e.g. to flush the outbox and send mail). */
  afterRecord: (summary: RecordSummary) => void;
  /**
   * Opens the secrets that sign. One that does not open (its key is not configured) fails
   * that attempt with a logged error; it stays pending and is tried again after its lease.
   */
  secrets: SecretBox;
}

/** Tuning of the dispatcher. */
export interface DispatcherOptions {
  concurrency: number;
  perWebhook: number;
  perPartner: number;
  timeoutMs: number;
  disableAfter: number;
  /** Longest wait between claims when nothing wakes the dispatcher. */
  pollMs: number;
  /** Wait after a freed place's wake before claiming, so the wakes of that time share one claim. */
  gatherMs: number;
  /** The partner console, which the disable notice links to. */
  consoleBaseUrl: string;
}

/** A running dispatcher. */
export interface Dispatcher {
  /** New attempts were queued: claims again as soon as it can. */
  wake(): void;
  /** Stops claiming, waits for attempts in flight and their records. */
  stop(): Promise<void>;
}

// Requests out below which attempts trickle and a freed place waits for company (claim_signal.ts):
// a few, where each claim found about three attempts; a flow keeps tens out.
const GATHER_WHILE_FEWER_OUT = 8;

/** Starts the claim loop. */
export function startDispatcher(deps: DispatcherDeps, opts: DispatcherOptions): Dispatcher {
  // Long enough for the attempt, its record and a slow commit; a crashed process's claims
  // are taken over after it.
  const leaseMs = opts.timeoutMs + 30_000;
  // Attempts under way, until their records commit (stop waits for them); the answered ones
  // among them only wait for their records, the others hold a worker slot each.
  const inFlight = new Set<Promise<void>>();
  const answered = new Set<string>();
  let running = true;
  const signal = claimSignal({
    pollMs: opts.pollMs,
    gatherMs: opts.gatherMs,
    gathering: () => inFlight.size - answered.size < GATHER_WHILE_FEWER_OUT,
  });
  const freed = () => signal.freed();

  const record = combiner<AttemptOutcome>(async (outcomes) => {
    const summary = await recordOutcomes(deps.sql, outcomes, {
      ...deps.topics,
      disableAfter: opts.disableAfter,
      consoleBaseUrl: opts.consoleBaseUrl,
    });
    for (const id of summary.disabled) {
      deps.log.warn("webhook disabled after repeated failures", { webhook_id: id });
    }
    deps.afterRecord(summary);
  }, { maxItems: RECORD_BATCH });

  const send = async (a: ClaimedAttempt): Promise<AttemptOutcome> => {
    const now = new Date();
    const request = buildRequest({
      url: a.url,
      body: a.envelope,
      eventType: a.event_type,
      deliveryId: a.id,
      secrets: await openSigningSecrets(a, { box: deps.secrets, now }),
      now,
    });
    const result = await deps.client.post(request);
    const next = result.ok ? null : nextStep(a, deps.rungs, new Date());
    return { attempt: a, result, attemptedAt: now, next };
  };

  // The attempt was made; its record must land even through a database outage, or the
  // lease would end and the receiver get it twice.
  const keep = async (outcome: AttemptOutcome) => {
    for (let wait = 500;; wait = Math.min(wait * 2, 10_000)) {
      try {
        await record([outcome]);
        return;
      } catch (err) {
        if (!isDbUnavailable(err)) throw err;
        deps.log.warn("recording an attempt failed; retrying", {
          err,
          delivery_id: outcome.attempt.id,
        });
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  };

  // A worker slot, and the attempt's places under its webhook's and partner's caps, are free
  // once the response is in: the record is the combiner's (one transaction for many), and
  // the claim is told which attempts only wait for it. Their leases keep them claimed, and
  // their jobs' next attempts wait, until it commits.
  const launch = (a: ClaimedAttempt) => {
    const p = send(a)
      .then((outcome) => {
        answered.add(a.id);
        freed();
        return keep(outcome);
      })
      .catch((err) => deps.log.error("attempt failed unexpectedly", { err, delivery_id: a.id }))
      .finally(() => {
        answered.delete(a.id);
        inFlight.delete(p);
        freed();
      });
    inFlight.add(p);
  };

  const loop = async () => {
    let lastSweep = 0;
    while (running) {
      try {
        if (Date.now() - lastSweep >= opts.pollMs) {
          lastSweep = Date.now();
          await cancelInactiveAttempts(deps.sql);
        }
        const free = claimRoom({
          concurrency: opts.concurrency,
          requesting: inFlight.size - answered.size,
          awaitingRecord: answered.size,
        });
        if (free > 0) {
          const claimed = await claimDueAttempts(deps.sql, {
            limit: free,
            perWebhook: opts.perWebhook,
            perPartner: opts.perPartner,
            leaseMs,
            answered: [...answered],
          });
          for (const a of claimed) launch(a);
          // A full claim may have left more behind: go again at once.
          if (claimed.length === free) continue;
        }
      } catch (err) {
        deps.log.warn("claiming attempts failed; retrying", { err });
        await new Promise((r) => setTimeout(r, 1000));
      }
      await signal.next();
    }
  };
  const looping = loop();

  return {
    wake: () => signal.queued(),
    async stop() {
      running = false;
      signal.stop();
      await looping;
      await Promise.all(inFlight);
    },
  };
}

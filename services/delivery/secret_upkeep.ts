/**
 * Upkeep of webhook secrets at rest, every `WEBHOOK_SECRET_SWEEP_MS`: previous secrets whose
 * overlap has ended are cleared, and every secret not sealed under the current key (the
 * first of `WEBHOOK_SECRET_KEYS`) is sealed afresh: plaintext rows from before encryption,
 * and after a key rotation the rows under an older key. Batches lock their rows and skip
 * those another process holds, so any number of delivery processes sweep at once; the
 * state is in the rows (their key id), so a sweep cut short is taken up by the next.
 * @module
 */
import type { Sql } from "@hire/db";
import type { Logger } from "@hire/log";
import { clearExpiredPreviousSecrets, reencryptWebhookSecrets, secretsBacklog } from "@hire/tables";
import type { SecretBox } from "@hire/webhooks";

/** Webhooks re-encrypted per transaction: short enough not to hold up a rotation. */
export const REENCRYPT_BATCH_SIZE = 100;

/** What the upkeep needs. */
export interface SecretUpkeepDeps {
  sql: Sql;
  log: Logger;
  secrets: SecretBox;
}

/** What one sweep did. */
export interface SweepResult {
  /** Previous secrets forgotten after their overlap. */
  cleared: number;
  /** Webhooks whose secrets were sealed afresh under the current key. */
  resealed: number;
  /** Webhooks whose secrets did not open (key not configured, or not theirs). */
  failed: number;
}

/** One sweep, logging its progress. */
export async function sweepSecrets(
  deps: SecretUpkeepDeps,
  opts: { batchSize?: number } = {},
): Promise<SweepResult> {
  const { sql, log, secrets } = deps;
  // Cleared first: a previous secret past its overlap is never re-encrypted.
  const cleared = await clearExpiredPreviousSecrets(sql);
  if (cleared > 0) log.info("previous webhook secrets cleared after their overlap", { cleared });

  const backlog = await secretsBacklog(sql, secrets);
  if (backlog.unreadable.length > 0) {
    log.error(
      "webhook secrets sealed with keys WEBHOOK_SECRET_KEYS does not list: those webhooks' " +
        "deliveries fail until the keys are configured again",
      { webhooks: backlog.unreadable },
    );
  }
  if (backlog.toReencrypt === 0) return { cleared, resealed: 0, failed: 0 };

  log.info("re-encrypting webhook secrets", {
    key_id: secrets.currentKeyId,
    to_reencrypt: backlog.toReencrypt,
  });
  let after = "";
  let resealed = 0;
  let failed = 0;
  for (;;) {
    const batch = await reencryptWebhookSecrets(sql, {
      secrets,
      after,
      limit: opts.batchSize ?? REENCRYPT_BATCH_SIZE,
    });
    for (const f of batch.failed) {
      log.error("a webhook secret does not open; left as it is", {
        webhook_id: f.id,
        err: f.error,
      });
    }
    resealed += batch.resealed;
    failed += batch.failed.length;
    if (batch.last === undefined) break;
    after = batch.last;
    log.info("re-encrypting webhook secrets", { done: resealed, of: backlog.toReencrypt });
  }

  const left = (await secretsBacklog(sql, secrets)).toReencrypt;
  if (left === 0) {
    const others = secrets.keyIds.filter((k) => k !== secrets.currentKeyId);
    log.info(
      "every webhook secret is sealed with the current key" +
        (others.length ? "; the others may be removed from WEBHOOK_SECRET_KEYS" : ""),
      { key_id: secrets.currentKeyId, removable: others },
    );
  } else {
    // Locked by another process meanwhile, or failed above: the next sweep goes on.
    log.info("re-encryption sweep ended with webhook secrets left", { left });
  }
  return { cleared, resealed, failed };
}

/** A running upkeep. */
export interface SecretUpkeep {
  /** Settles when the first sweep has run (or failed and been logged). */
  firstSweep: Promise<void>;
  /** Stops sweeping; waits for a sweep under way. */
  stop(): Promise<void>;
}

/**
 * Sweeps now, then every `intervalMs`; a failed sweep is logged and tried again at the next
 * tick.
 */
export function startSecretUpkeep(
  deps: SecretUpkeepDeps,
  opts: { intervalMs: number },
): SecretUpkeep {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = true;
  let current: Promise<void> = Promise.resolve();
  const sweep = () => {
    current = sweepSecrets(deps)
      .then(() => {}, (err) => deps.log.warn("webhook secret sweep failed", { err }))
      .finally(() => {
        if (running) timer = setTimeout(sweep, opts.intervalMs);
      });
    return current;
  };
  const firstSweep = sweep();
  return {
    firstSweep,
    async stop() {
      running = false;
      clearTimeout(timer);
      await current;
    },
  };
}

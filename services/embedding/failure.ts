/**
 * What a failed embedding means for its subject (a job or a seeker): the attempt it was,
 * when to try again or that it is given up, and the log line an operator reads.
 * @module
 */
import type { EmbeddingFailure } from "@hire/tables";
import type { Embedding } from "./embed_batch.ts";
import type { PipelineDeps } from "./pipeline_deps.ts";
import { afterFailure } from "./retry_policy.ts";

/**
 * Plans the next step after a failure, to be written to the subject's row, and logs it
 * with `subject` (e.g. `{job_id}`).
 */
export function planFailure(
  deps: PipelineDeps,
  attemptsSoFar: number,
  failure: Extract<Embedding, { ok: false }>,
  subject: Record<string, string>,
): EmbeddingFailure {
  const attempt = attemptsSoFar + 1;
  const next = afterFailure(attempt, deps.now(), deps.policy, { retriable: failure.retriable });
  const retryAt = "retryAt" in next ? next.retryAt : null;
  const fields = { ...subject, attempt, error: failure.error };
  if (retryAt) deps.log.warn("embedding failed; will retry", { ...fields, retry_at: retryAt });
  else deps.log.error("embedding failed; given up until the text changes", fields);
  return { attempt, error: failure.error, retryAt };
}

/**
 * Brings seeker vectors in line with stored profiles: embeds a profile whose text changed,
 * keeps the payload (city, employment types) current, and tells matching each time the
 * seeker's place in the graph changed.
 * @module
 */
import { type OutboxMessage, writeOutbox } from "@hire/outbox";
import type { Embedded } from "@hire/pipeline";
import type { SeekerVector } from "@hire/vector";
import {
  deferSeekerEmbeddings,
  deleteSeekerProfiles,
  markSeekersEmbedded,
  recordSeekerEmbeddingFailure,
  type SeekerRow,
  seekersByIds,
  shareLockSeekers,
} from "@hire/tables";
import { pacedChunks } from "./backlog_chunks.ts";
import { embedRows, type FailedEmbedding, reembed } from "./embed_batch.ts";
import { deferUntil, type PipelineDeps } from "./pipeline_deps.ts";
import { planFailure } from "./failure.ts";
import { seekerRowText } from "./texts.ts";

/** Reconciles the given seekers; `claimed` retries are due despite the sweeper's lease. */
export async function reconcileSeekers(
  deps: PipelineDeps,
  seekerIds: string[],
  opts: { claimed?: boolean } = {},
): Promise<void> {
  const ids = [...new Set(seekerIds)];
  if (ids.length === 0) return;
  const rows = await seekersByIds(deps.sql, ids);
  const now = deps.now();
  const toEmbed: SeekerRow[] = [];
  const moved: SeekerRow[] = [];
  const missing: SeekerRow[] = [];
  for (const row of rows) {
    if (row.embedded_hash !== row.content_hash) {
      const waiting = !opts.claimed && row.embedding_retry_at && row.embedding_retry_at > now;
      const givenUp = row.embedding_error !== null && row.embedding_retry_at === null;
      if (!waiting && !givenUp) toEmbed.push(row);
      continue;
    }
    const current = await deps.index.getSeeker(row.id);
    if (!current) {
      missing.push(row);
      continue;
    }
    const samePayload = current.city === row.city &&
      current.employmentTypes.join() === row.employment_types.join();
    if (samePayload) continue;
    await deps.index.upsertSeekers([seekerVector(row, current.vector)]);
    moved.push(row);
  }
  // A retry the sweeper claimed arrived once already.
  if (!opts.claimed) deps.gate.arrived(toEmbed.length);
  if (toEmbed.length) await embedSeekers(deps, toEmbed, opts.claimed ?? false);
  if (missing.length) await reindexSeekers(deps, missing);
  // A new place in the graph (city, employment types): matching searches again.
  if (moved.length) await writeOutbox(deps.sql, moved.map((row) => matchTrigger(deps, row)));
}

// As for jobs: only the sweeper may wait on the gate.
async function embedSeekers(
  deps: PipelineDeps,
  rows: SeekerRow[],
  canWait: boolean,
): Promise<void> {
  for await (const chunk of pacedChunks(rows, deps.gate, { now: deps.now, canWait })) {
    if (chunk.deferred) await deferSeekerEmbeddings(deps.sql, chunk.items, deferUntil(deps));
    else await embedChunk(deps, chunk.items);
  }
}

// As for jobs, a chunk's vectors are written in one statement and marked in one more.
async function embedChunk(deps: PipelineDeps, rows: SeekerRow[]): Promise<void> {
  const embedded = await embedRows(
    deps.provider,
    rows,
    seekerRowText,
    (row, failure) => recordFailure(deps, row, failure),
  );
  if (embedded.length === 0) return;
  await deps.index.upsertSeekers(embedded.map(({ row, vector }) => seekerVector(row, vector)));
  const done = embedded.map(({ row }) => row);
  // Marked embedded together with the trigger for matching, so a crash between the two
  // cannot leave a seeker embedded but never matched. Only the text that was embedded
  // counts; a newer one waits its turn.
  await deps.sql.begin(async (tx) => {
    const marked = new Set(
      await markSeekersEmbedded(
        tx,
        done.map((row) => ({ id: row.id, contentHash: row.content_hash })),
      ),
    );
    await writeOutbox(
      tx,
      done.filter((row) => marked.has(row.id)).map((row) => matchTrigger(deps, row)),
    );
  });
}

/** A seeker's vector with the payload matching filters on, as the row has it. */
function seekerVector(row: SeekerRow, vector: Float32Array): SeekerVector {
  return { id: row.id, city: row.city, employmentTypes: row.employment_types, vector };
}

/**
 * Embeds seekers whose text was embedded but whose vector this index lacks (a new
 * embedding space being filled; see `reindexJobs`).
 */
async function reindexSeekers(deps: PipelineDeps, rows: SeekerRow[]): Promise<void> {
  await reembed(deps, rows, { text: seekerRowText, what: "seeker" }, async (row, vector) => {
    await deps.sql.begin(async (tx) => {
      const [seeker] = await shareLockSeekers(tx, [row.id]);
      if (!seeker || seeker.content_hash !== row.content_hash) return;
      await deps.index.upsertSeekers([seekerVector(seeker, vector)]);
      await writeOutbox(tx, [matchTrigger(deps, seeker)]);
    });
  });
}

/** Asks matching to search jobs for this seeker. */
function matchTrigger(deps: PipelineDeps, row: SeekerRow): OutboxMessage {
  const m: Embedded = {
    id: deps.newId(),
    type: "seeker.embedded",
    seeker_id: row.id,
    at: deps.now().toISOString(),
  };
  return { id: m.id, key: row.id, topic: deps.topics.embeddingsReady, value: m };
}

/** Removes seekers whose profile was deleted upstream (a tombstone on seekers.v1). */
export async function deleteSeekers(deps: PipelineDeps, seekerIds: string[]): Promise<void> {
  if (seekerIds.length === 0) return;
  await deleteSeekerProfiles(deps.sql, seekerIds);
  for (const id of seekerIds) await deps.index.deleteSeeker(id);
}

async function recordFailure(
  deps: PipelineDeps,
  row: SeekerRow,
  failure: FailedEmbedding,
): Promise<void> {
  await recordSeekerEmbeddingFailure(deps.sql, {
    id: row.id,
    contentHash: row.content_hash,
    failure: planFailure(deps, row.embedding_attempts, failure, { seeker_id: row.id }),
  });
}

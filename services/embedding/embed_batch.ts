/**
 * One provider call for many texts, with failures told apart: an outage (retriable) fails
 * the whole batch, while a permanent failure is narrowed down to the texts that cause it,
 * so one bad text never fails the others.
 * @module
 */
import { EmbeddingError, type EmbeddingProvider } from "@hire/embedding";
import type { Logger } from "@hire/log";

/** The outcome for one text. */
export type Embedding =
  | { ok: true; vector: Float32Array }
  | { ok: false; error: string; retriable: boolean };

function failure(err: unknown): Embedding {
  const retriable = err instanceof EmbeddingError ? err.retriable : true;
  return {
    ok: false,
    error: err instanceof Error ? err.message : String(err),
    retriable,
  };
}

/** Embeds `texts` in one call, splitting only to isolate permanent failures. */
export async function embedBatch(
  provider: EmbeddingProvider,
  texts: string[],
): Promise<Embedding[]> {
  if (texts.length === 0) return [];
  try {
    const vectors = await provider.embed(texts);
    return vectors.map((vector) => ({ ok: true, vector }));
  } catch (err) {
    const f = failure(err);
    if (f.ok || f.retriable || texts.length === 1) return texts.map(() => f);
    const results: Embedding[] = [];
    for (const text of texts) {
      results.push(...await embedBatch(provider, [text]));
    }
    return results;
  }
}

/** The outcome for a text the provider did not embed. */
export type FailedEmbedding = Extract<Embedding, { ok: false }>;

/**
 * Embeds the rows' texts in one call ({@link embedBatch}), hands each row that failed to
 * `failed`, one after the other, and returns the others with their vectors, in order.
 */
export async function embedRows<T>(
  provider: EmbeddingProvider,
  rows: readonly T[],
  text: (row: T) => string,
  failed: (row: T, failure: FailedEmbedding) => Promise<void>,
): Promise<{ row: T; vector: Float32Array }[]> {
  const results = await embedBatch(provider, rows.map(text));
  const embedded: { row: T; vector: Float32Array }[] = [];
  for (const [i, row] of rows.entries()) {
    const r = results[i]!;
    if (r.ok) embedded.push({ row, vector: r.vector });
    else await failed(row, r);
  }
  return embedded;
}

/**
 * Embeds texts that were embedded once already (re-indexing into a new embedding space) and
 * hands each vector to `write`. Nothing a partner sees depends on it, so a text the provider
 * refuses is logged and left out; an outage throws, for the caller's retry.
 */
export async function reembed<T extends { id: string }>(
  deps: { provider: EmbeddingProvider; log: Logger },
  rows: T[],
  opts: { text: (row: T) => string; what: "job" | "seeker" },
  write: (row: T, vector: Float32Array) => Promise<void>,
): Promise<void> {
  const results = await embedBatch(deps.provider, rows.map(opts.text));
  for (const [i, row] of rows.entries()) {
    const r = results[i]!;
    if (r.ok) {
      await write(row, r.vector);
    } else if (r.retriable) {
      throw new Error(`re-index of ${opts.what} ${row.id} failed: ${r.error}`);
    } else {
      deps.log.warn(`${opts.what} not re-indexed: the provider refused its text`, {
        [`${opts.what}_id`]: row.id,
        error: r.error,
      });
    }
  }
}

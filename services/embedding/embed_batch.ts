/**
 * One provider call for many texts, with failures told apart: an outage (retriable) fails
 * the whole batch, while a permanent failure is narrowed down to the texts that cause it,
 * so one bad text never fails the others.
 * @module
 */
import { EmbeddingError, type EmbeddingProvider } from "@hire/embedding";

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

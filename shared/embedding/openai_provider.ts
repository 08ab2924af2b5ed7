/**
 * An embedding provider for any OpenAI-compatible `/embeddings` API (OpenAI, Azure-style
 * gateways, vLLM, Ollama, TEI). Failures are classified for the caller's retry policy:
 * network errors, timeouts, 408, 429 and 5xx may pass; other answers will not.
 * @module
 */
import { z } from "zod";
import { EmbeddingError, type EmbeddingProvider } from "./provider.ts";
import { l2Normalize } from "./vectors.ts";

/** Options of {@linkcode createOpenAIProvider}. */
export interface OpenAIProviderOptions {
  /** API base URL, e.g. `https://api.openai.com/v1`. */
  url: string;
  model: string;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string | undefined;
  /** Expected vector length; a response of another length is an error. */
  dimensions: number;
  /** Per request. Default 10 000. */
  timeoutMs?: number;
  /** Texts per request; larger calls are split. Default 32. */
  batchSize?: number;
  /** Default: the global fetch. */
  fetch?: typeof fetch;
}

const responseSchema = z.object({
  data: z.array(
    z.object({ index: z.number().int().nonnegative(), embedding: z.array(z.number()) }),
  ),
});

const EXCERPT_CHARS = 200;

/** Whether an HTTP status is worth retrying: the server may answer differently later. */
export function isRetriableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** Builds the provider; it holds no connection of its own, so nothing happens until `embed`. */
export function createOpenAIProvider(opts: OpenAIProviderOptions): EmbeddingProvider {
  const endpoint = `${opts.url.replace(/\/+$/, "")}/embeddings`;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const batchSize = opts.batchSize ?? 32;
  const doFetch = opts.fetch ?? fetch;
  // Some servers echo the key in their errors; it must not reach logs through ours.
  const redact = (text: string) => opts.apiKey ? text.replaceAll(opts.apiKey, "[redacted]") : text;
  const fail = (what: string, retriable: boolean, cause?: unknown): never => {
    throw new EmbeddingError(`embedding request to ${endpoint} ${redact(what)}`, retriable, {
      cause,
    });
  };
  let closed = false;

  async function request(texts: string[]): Promise<Float32Array[]> {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (opts.apiKey) headers.authorization = `Bearer ${opts.apiKey}`;
    let status = 0;
    let body = "";
    try {
      const res = await doFetch(endpoint, {
        method: "POST",
        headers,
        body: JSON.stringify({ model: opts.model, input: texts }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.status;
      body = await res.text();
    } catch (err) {
      if (err instanceof DOMException && err.name === "TimeoutError") {
        fail(`timed out after ${timeoutMs} ms`, true, err);
      }
      fail(`failed: ${err instanceof Error ? err.message : err}`, true, err);
    }
    if (status < 200 || status > 299) {
      fail(`failed: HTTP ${status}: ${excerpt(body)}`, isRetriableStatus(status));
    }
    return parse(body, texts.length);
  }

  function parse(body: string, count: number): Float32Array[] {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch (err) {
      return fail(`returned malformed JSON: ${excerpt(body)}`, false, err);
    }
    const parsed = responseSchema.safeParse(json);
    if (!parsed.success) return fail(`returned an unexpected body: ${excerpt(body)}`, false);
    const data = parsed.data.data;
    if (data.length !== count) fail(`returned ${data.length} vectors for ${count} texts`, false);
    const out = new Array<Float32Array | undefined>(count);
    for (const { index, embedding } of data) {
      if (index >= count || out[index]) fail(`returned a bad or repeated index ${index}`, false);
      if (embedding.length !== opts.dimensions) {
        fail(`returned ${embedding.length} dimensions, expected ${opts.dimensions}`, false);
      }
      const v = l2Normalize(Float32Array.from(embedding));
      if (!v.some((x) => x !== 0)) fail(`returned a zero vector at index ${index}`, false);
      out[index] = v;
    }
    return out as Float32Array[];
  }

  return {
    name: `openai:${opts.model}@${opts.dimensions}`,
    dimensions: opts.dimensions,
    async embed(texts) {
      if (closed) throw new EmbeddingError("the openai embedding provider is closed", false);
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += batchSize) {
        out.push(...await request(texts.slice(i, i + batchSize)));
      }
      return out;
    },
    close() {
      closed = true;
      return Promise.resolve();
    },
  };
}

function excerpt(body: string): string {
  const flat = body.replace(/\s+/g, " ").trim();
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS)}…` : flat || "(empty)";
}

/**
 * A real HTTP server on loopback that speaks the OpenAI embeddings API, for tests of the
 * `openai` provider: deterministic vectors, and failures on demand.
 */

/** A running server. */
export interface EmbeddingServer {
  url: string;
  /** The variables that point the `openai` provider at this server. */
  env: Record<string, string>;
  /** Answer with this status (and no vectors) while set; `undefined` to serve normally. */
  failWith: number | undefined;
  /** Refuse (400) every request with a text containing this, as a provider refuses a text. */
  refuseTextWith: string | undefined;
  requests: number;
  stop(): Promise<void>;
}

/** Vectors of `dimensions` made from the text's characters: same text, same vector. */
function vectorOf(text: string, dimensions: number): number[] {
  const v = new Array(dimensions).fill(0);
  for (const [i, ch] of [...text].entries()) v[i % dimensions] += ch.codePointAt(0)! % 97;
  return v;
}

/** Starts the server; `dimensions` is the length of the vectors it returns. */
export function startEmbeddingServer(dimensions: number): EmbeddingServer {
  const state: EmbeddingServer = {
    url: "",
    env: {},
    failWith: undefined,
    refuseTextWith: undefined,
    requests: 0,
    stop: () => server.shutdown(),
  };
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    state.requests++;
    const body = await req.json();
    if (state.failWith) return new Response("upstream unavailable", { status: state.failWith });
    const input: string[] = Array.isArray(body.input) ? body.input : [body.input];
    const refused = state.refuseTextWith;
    if (refused && input.some((text) => text.includes(refused))) {
      return new Response("input refused", { status: 400 });
    }
    return Response.json({
      object: "list",
      model: body.model,
      data: input.map((text, index) => ({
        object: "embedding",
        index,
        embedding: vectorOf(text, dimensions),
      })),
    });
  });
  state.url = `http://127.0.0.1:${server.addr.port}/v1`;
  state.env = {
    EMBEDDING_PROVIDER: "openai",
    EMBEDDING_URL: state.url,
    EMBEDDING_MODEL: "test-embedding",
    EMBEDDING_DIMENSIONS: String(dimensions),
  };
  return state;
}

import assert from "node:assert/strict";
import { createOpenAIProvider, isRetriableStatus } from "./openai_provider.ts";
import { EmbeddingError } from "./provider.ts";
import { norm } from "./vectors.ts";

const DIMS = 4;
const KEY = "sk-test-secret-123";

/** A deterministic, not yet normalised vector per text, so order mistakes show. */
function fakeVector(text: string, dims = DIMS): number[] {
  return Array.from(
    { length: dims },
    (_, i) => (i === 0 ? text.length : text.charCodeAt(0) % (i + 2)) + 1,
  );
}

interface Seen {
  path: string;
  auth: string | null;
  body: { model: string; input: string[] };
}

/**
 * A small OpenAI-compatible server on 127.0.0.1. The model name picks its behaviour:
 * `ok` answers (data in reverse order, as an API may), `rate-limited` 429, `bad` 400 with
 * the key echoed, `wide` one dimension too many, `slow` answers only after the client gives
 * up, `garbage` a 200 that is not JSON, `short` one vector too few.
 */
function startServer() {
  const seen: Seen[] = [];
  const held: (() => void)[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const body = await req.json();
    seen.push({ path: new URL(req.url).pathname, auth: req.headers.get("authorization"), body });
    const input: string[] = body.input;
    const data = input.map((t, index) => ({ object: "embedding", index, embedding: fakeVector(t) }))
      .reverse();
    switch (body.model) {
      case "rate-limited":
        return Response.json({ error: { message: "Rate limit reached" } }, { status: 429 });
      case "bad":
        return Response.json({ error: { message: `Invalid model; key ${KEY}` } }, { status: 400 });
      case "wide":
        return Response.json({
          data: input.map((t, index) => ({ index, embedding: fakeVector(t, DIMS + 1) })),
        });
      case "garbage":
        return new Response("<html>proxy error</html>", { status: 200 });
      case "short":
        return Response.json({ data: data.slice(1) });
      case "slow":
        // Held until the test releases it, after the client gave up: no sleep outlives a test.
        await new Promise<void>((resolve) => held.push(resolve));
        return new Response(null, { status: 504 });
      default:
        return Response.json({ object: "list", model: body.model, data });
    }
  });
  const stop = async () => {
    held.forEach((release) => release());
    await server.shutdown();
  };
  return { url: `http://127.0.0.1:${server.addr.port}/v1`, seen, stop };
}

async function withServer(fn: (s: ReturnType<typeof startServer>) => Promise<void>) {
  const s = startServer();
  try {
    await fn(s);
  } finally {
    await s.stop();
  }
}

async function rejection(p: Promise<unknown>): Promise<EmbeddingError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof EmbeddingError, `expected an EmbeddingError, got ${err}`);
    return err;
  }
  assert.fail("expected a rejection");
}

Deno.test("openai provider posts batches to /embeddings and returns vectors in input order", async () => {
  await withServer(async ({ url, seen }) => {
    const p = createOpenAIProvider({
      url: `${url}/`,
      model: "ok",
      apiKey: KEY,
      dimensions: DIMS,
      batchSize: 2,
    });
    const texts = ["nurse", "ممرضة عناية مركزة", "driver", "an accountant", "x"];
    const vectors = await p.embed(texts);
    assert.equal(vectors.length, texts.length);
    texts.forEach((t, i) => {
      const expected = fakeVector(t);
      const n = Math.hypot(...expected);
      assert.deepEqual(
        [...vectors[i]!].map((x) => x.toFixed(5)),
        expected.map((x) => (x / n).toFixed(5)),
      );
      assert.ok(Math.abs(norm(vectors[i]!) - 1) < 1e-6);
    });
    assert.deepEqual(seen.map((s) => s.body.input), [
      texts.slice(0, 2),
      texts.slice(2, 4),
      texts.slice(4),
    ]);
    assert.ok(seen.every((s) => s.path === "/v1/embeddings" && s.body.model === "ok"));
    assert.ok(seen.every((s) => s.auth === `Bearer ${KEY}`));
    assert.equal(p.name, `openai:ok@${DIMS}`);
    assert.equal(p.dimensions, DIMS);
    await p.close();
  });
});

Deno.test("openai provider sends no authorization header without a key", async () => {
  await withServer(async ({ url, seen }) => {
    await createOpenAIProvider({ url, model: "ok", dimensions: DIMS }).embed(["a"]);
    assert.equal(seen[0]!.auth, null);
  });
});

Deno.test("openai provider makes no request for no texts", async () => {
  await withServer(async ({ url, seen }) => {
    assert.deepEqual(
      await createOpenAIProvider({ url, model: "ok", dimensions: DIMS }).embed([]),
      [],
    );
    assert.equal(seen.length, 0);
  });
});

Deno.test("openai provider: HTTP 429 is retriable", async () => {
  await withServer(async ({ url }) => {
    const err = await rejection(
      createOpenAIProvider({ url, model: "rate-limited", dimensions: DIMS }).embed(["a"]),
    );
    assert.equal(err.retriable, true);
    assert.match(err.message, /HTTP 429: .*Rate limit reached/);
  });
});

Deno.test("openai provider: HTTP 400 is not retriable and the message never holds the key", async () => {
  await withServer(async ({ url }) => {
    const p = createOpenAIProvider({ url, model: "bad", apiKey: KEY, dimensions: DIMS });
    const err = await rejection(p.embed(["a"]));
    assert.equal(err.retriable, false);
    assert.match(err.message, /HTTP 400: .*Invalid model/);
    assert.ok(!err.message.includes(KEY), err.message);
  });
});

Deno.test("openai provider: a dimension mismatch is not retriable", async () => {
  await withServer(async ({ url }) => {
    const err = await rejection(
      createOpenAIProvider({ url, model: "wide", dimensions: DIMS }).embed(["a"]),
    );
    assert.equal(err.retriable, false);
    assert.match(err.message, /5 dimensions, expected 4/);
  });
});

Deno.test("openai provider: malformed and short responses are not retriable", async () => {
  await withServer(async ({ url }) => {
    const garbage = await rejection(
      createOpenAIProvider({ url, model: "garbage", dimensions: DIMS }).embed(["a"]),
    );
    assert.equal(garbage.retriable, false);
    assert.match(garbage.message, /malformed JSON: <html>proxy error/);
    const short = await rejection(
      createOpenAIProvider({ url, model: "short", dimensions: DIMS }).embed(["a", "b"]),
    );
    assert.equal(short.retriable, false);
    assert.match(short.message, /1 vectors for 2 texts/);
  });
});

Deno.test("openai provider: a timeout is retriable", async () => {
  await withServer(async ({ url }) => {
    const p = createOpenAIProvider({ url, model: "slow", dimensions: DIMS, timeoutMs: 100 });
    const err = await rejection(p.embed(["a"]));
    assert.equal(err.retriable, true);
    assert.match(err.message, /timed out after 100 ms/);
  });
});

Deno.test("openai provider: a refused connection is retriable", async () => {
  // A port that was just free: nothing listens there once the server is gone.
  const { url, stop } = startServer();
  await stop();
  const err = await rejection(
    createOpenAIProvider({ url, model: "ok", dimensions: DIMS }).embed(["a"]),
  );
  assert.equal(err.retriable, true);
});

Deno.test("isRetriableStatus: 408, 429 and 5xx retry, other 4xx do not", () => {
  for (const s of [408, 429, 500, 502, 503, 504]) assert.equal(isRetriableStatus(s), true, `${s}`);
  for (const s of [400, 401, 403, 404, 413, 422]) assert.equal(isRetriableStatus(s), false, `${s}`);
});

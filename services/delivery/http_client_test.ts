import assert from "node:assert/strict";
import { type LogFields, silentLogger } from "@hire/log";
import type { Resolve } from "@hire/webhooks";
import { type ReceivedRequest, sleep, startReceiver } from "@hire/testing/receiver.ts";
import { testCertificates } from "@hire/testing/test_ca.ts";
import { createWebhookHttpClient, poolKey, type WebhookHttpClientOptions } from "./http_client.ts";

const loopbackResolve: Resolve = (_host, type) =>
  Promise.resolve(type === "A" ? ["127.0.0.1"] : []);

async function setup(overrides: Partial<WebhookHttpClientOptions> = {}, hostname?: string) {
  const receiver = await startReceiver({ hostname });
  const { caPem } = await testCertificates();
  const client = createWebhookHttpClient({
    timeoutMs: 5_000,
    allowPrivateNetworks: true,
    extraCaPem: caPem,
    ...overrides,
  });
  return {
    receiver,
    client,
    async [Symbol.asyncDispose]() {
      client.close();
      await receiver.stop();
    },
  };
}

/** A 200 whose body never ends, sent in `chunkBytes` pieces every `everyMs`. */
function endlessBody(req: ReceivedRequest, chunkBytes: number, everyMs: number): Response {
  const chunk = new Uint8Array(chunkBytes);
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (everyMs > 0) await sleep(everyMs, req.signal);
      if (req.signal.aborted) controller.close();
      else controller.enqueue(chunk);
    },
  });
  return new Response(body);
}

Deno.test("post sends the exact body and headers and reports a 2xx as ok", async () => {
  await using ctx = await setup();
  ctx.receiver.on("/hook", () => new Response(null, { status: 204 }));
  const body = JSON.stringify({ type: "job.created", note: "café ✓" });

  const result = await ctx.client.post({
    url: ctx.receiver.url("/hook?x=1"),
    headers: { "Content-Type": "application/json", "X-Signature": "v1,abc" },
    body,
  });

  assert.equal(result.ok, true);
  assert.equal(result.statusCode, 204);
  assert.equal(result.error, null);
  assert.ok(result.durationMs >= 0);
  const [received, ...more] = ctx.receiver.requests();
  assert.ok(received);
  assert.equal(more.length, 0);
  assert.equal(received.method, "POST");
  assert.equal(received.path, "/hook");
  assert.equal(received.body, body);
  assert.equal(received.headers.get("content-type"), "application/json");
  assert.equal(received.headers.get("x-signature"), "v1,abc");
  assert.equal(
    received.headers.get("content-length"),
    String(new TextEncoder().encode(body).length),
  );
});

Deno.test("post reports a 500 as a failure with its status code", async () => {
  await using ctx = await setup();
  ctx.receiver.on("/", () => new Response("boom", { status: 500 }));

  const result = await ctx.client.post({ url: ctx.receiver.url(), headers: {}, body: "{}" });

  assert.deepEqual({ ...result, durationMs: 0 }, {
    ok: false,
    statusCode: 500,
    error: "HTTP 500",
    durationMs: 0,
    requestHeaders: { "Content-Length": "2" },
    responseExcerpt: "boom",
  });
});

Deno.test("post reports the headers it sent, Content-Length included, as the receiver got them", async () => {
  await using ctx = await setup();
  const body = JSON.stringify({ note: "café" });

  const result = await ctx.client.post({
    url: ctx.receiver.url("/hook"),
    headers: { "Content-Type": "application/json", "X-Service-Signature": "t=1,v1=ab" },
    body,
  });

  const length = String(new TextEncoder().encode(body).length);
  assert.deepEqual(result.requestHeaders, {
    "Content-Type": "application/json",
    "X-Service-Signature": "t=1,v1=ab",
    "Content-Length": length,
  });
  const [received] = ctx.receiver.requests();
  for (const [name, value] of Object.entries(result.requestHeaders!)) {
    assert.equal(received!.headers.get(name), value, name);
  }
  assert.equal(result.responseExcerpt, "ok");
});

Deno.test("post keeps the first 2 KiB of the answer as text, invalid UTF-8 replaced", async () => {
  await using ctx = await setup();
  const bytes = (...parts: (string | number[])[]) =>
    new Uint8Array(
      parts.flatMap((p) => typeof p === "string" ? [...new TextEncoder().encode(p)] : p),
    );
  // "é" is 2 bytes: after the "a" the 1,024th straddles the 2 KiB cut, which drops it
  // rather than mangle it.
  ctx.receiver.on("/long", () => new Response("a" + "é".repeat(1_500), { status: 503 }));
  ctx.receiver.on("/invalid", () => new Response(bytes("a", [0xff, 0xfe], "b", [0], "c")));
  ctx.receiver.on("/empty", () => new Response(null, { status: 204 }));

  const post = (path: string) =>
    ctx.client.post({ url: ctx.receiver.url(path), headers: {}, body: "{}" });
  const long = await post("/long");
  assert.equal(long.statusCode, 503);
  assert.equal(long.responseExcerpt, "a" + "é".repeat(1_023));
  assert.equal((await post("/invalid")).responseExcerpt, "a\uFFFD\uFFFDb\uFFFDc");
  assert.equal((await post("/empty")).responseExcerpt, "");
});

Deno.test("post does not follow a redirect and names its location", async () => {
  await using ctx = await setup();
  const location = ctx.receiver.url("/elsewhere");
  ctx.receiver.on("/", () => new Response(null, { status: 302, headers: { location } }));

  const result = await ctx.client.post({ url: ctx.receiver.url(), headers: {}, body: "{}" });

  assert.equal(result.ok, false);
  assert.equal(result.statusCode, 302);
  assert.equal(result.error, `redirect (302) to ${location} not followed`);
  assert.equal(ctx.receiver.requests().length, 1);
});

Deno.test("post gives up at the deadline when the receiver answers slowly", async () => {
  await using ctx = await setup({ timeoutMs: 300 });
  ctx.receiver.on("/", async (req) => {
    await sleep(10_000, req.signal);
    return new Response("late");
  });

  const result = await ctx.client.post({ url: ctx.receiver.url(), headers: {}, body: "{}" });

  assert.equal(result.ok, false);
  assert.equal(result.statusCode, null);
  assert.equal(result.error, "timed out after 300 ms");
  assert.ok(result.durationMs >= 280 && result.durationMs < 1_300, `took ${result.durationMs} ms`);
  // The request went out; no answer came.
  assert.equal(result.requestHeaders?.["Content-Length"], "2");
  assert.equal(result.responseExcerpt, null);
});

Deno.test("post gives up at the deadline on a body that trickles forever", async () => {
  await using ctx = await setup({ timeoutMs: 300 });
  ctx.receiver.on("/", (req) => endlessBody(req, 1_024, 20));

  const result = await ctx.client.post({ url: ctx.receiver.url(), headers: {}, body: "{}" });

  assert.equal(result.ok, false);
  assert.equal(result.statusCode, 200);
  assert.equal(result.error, "timed out after 300 ms");
  assert.ok(result.durationMs < 1_300, `took ${result.durationMs} ms`);
});

Deno.test("post stops reading an endless fast body after 64 KiB and reports the 2xx", async () => {
  await using ctx = await setup({ timeoutMs: 3_000 });
  ctx.receiver.on("/", (req) => endlessBody(req, 16 * 1_024, 0));

  const result = await ctx.client.post({ url: ctx.receiver.url(), headers: {}, body: "{}" });

  assert.equal(result.ok, true);
  assert.equal(result.statusCode, 200);
  assert.ok(result.durationMs < 3_000, `took ${result.durationMs} ms`);
});

Deno.test("post fails on TLS when the receiver's CA is not trusted", async () => {
  await using ctx = await setup({ extraCaPem: undefined });

  const result = await ctx.client.post({ url: ctx.receiver.url(), headers: {}, body: "{}" });

  assert.equal(result.ok, false);
  assert.equal(result.statusCode, null);
  assert.match(result.error ?? "", /^TLS: .*certificate/);
  assert.equal(ctx.receiver.requests().length, 0);
});

Deno.test("post reports a closed port as connection refused", async () => {
  await using ctx = await setup();
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr;
  listener.close();

  const result = await ctx.client.post({
    url: `https://localhost:${port}/`,
    headers: {},
    body: "",
  });

  assert.equal(result.ok, false);
  assert.equal(result.statusCode, null);
  assert.equal(result.error, "connection refused");
});

/** A logger keeping its warnings, to see what operators are told. */
function warningsLog() {
  const warnings: (LogFields & { msg: string })[] = [];
  return {
    warnings,
    log: {
      ...silentLogger,
      warn: (msg: string, f?: LogFields) => void warnings.push({ msg, ...f }),
    },
  };
}

Deno.test("post refuses a name that resolves to loopback before connecting, naming no address to the partner", async () => {
  const { warnings, log } = warningsLog();
  await using ctx = await setup({ allowPrivateNetworks: false, resolve: loopbackResolve, log });

  const url = `https://receiver.test:${ctx.receiver.port}/`;
  const result = await ctx.client.post({ url, headers: {}, body: "{}" });

  assert.equal(result.ok, false);
  assert.equal(result.statusCode, null);
  assert.equal(result.error, "refused: not a public address");
  assert.equal(ctx.receiver.requests().length, 0);
  assert.equal(result.requestHeaders, null, "no request was made");
  assert.equal(result.responseExcerpt, null);
  // Operators learn which address it was.
  assert.deepEqual(warnings, [{
    msg: "webhook address refused",
    url,
    detail: "receiver.test resolves to 127.0.0.1, which is not a public address (loopback).",
  }]);
});

Deno.test("post connects to the checked address and verifies TLS against the name", async () => {
  await using ctx = await setup({ allowPrivateNetworks: true, resolve: loopbackResolve });

  const url = `https://receiver.test:${ctx.receiver.port}/pinned`;
  const result = await ctx.client.post({ url, headers: {}, body: "{}" });

  assert.equal(result.error, null);
  assert.equal(result.ok, true);
  const [received] = await ctx.receiver.waitFor(1, { path: "/pinned", timeoutMs: 1_000 });
  assert.equal(received?.headers.get("host"), `receiver.test:${ctx.receiver.port}`);
});

Deno.test("post keeps a name's DNS answers between attempts, and asks again after a failure", async () => {
  const asked: string[] = [];
  let failing = true;
  const resolve: Resolve = (host, type) => {
    asked.push(`${type} ${host}`);
    if (failing) return Promise.reject(new Error("SERVFAIL"));
    return loopbackResolve(host, type);
  };
  await using ctx = await setup({ allowPrivateNetworks: true, resolve });
  const url = `https://receiver.test:${ctx.receiver.port}/kept`;

  const failed = await ctx.client.post({ url, headers: {}, body: "{}" });
  assert.match(failed.error ?? "", /DNS lookup of receiver.test failed/);
  failing = false;
  for (let i = 0; i < 3; i++) {
    const result = await ctx.client.post({ url, headers: {}, body: "{}" });
    assert.equal(result.ok, true, result.error ?? "");
  }
  assert.deepEqual(asked.sort(), [
    "A receiver.test",
    "A receiver.test",
    "AAAA receiver.test",
    "AAAA receiver.test",
  ]);
  assert.equal(ctx.receiver.requests().length, 3);
});

Deno.test("post refuses loopback IP literals unless private networks are allowed", async () => {
  await using ctx = await setup({ allowPrivateNetworks: false });

  const v4 = await ctx.client.post({
    url: `https://127.0.0.1:${ctx.receiver.port}/`,
    headers: {},
    body: "{}",
  });
  const v6 = await ctx.client.post({
    url: `https://[::1]:${ctx.receiver.port}/`,
    headers: {},
    body: "{}",
  });

  assert.equal(v4.error, "refused: not a public address");
  assert.equal(v6.error, "refused: not a public address");
  assert.equal(ctx.receiver.requests().length, 0);
});

Deno.test("post reaches a bracketed IPv6 literal when private networks are allowed", async () => {
  await using ctx = await setup({ allowPrivateNetworks: true }, "::1");

  const url = `https://[::1]:${ctx.receiver.port}/v6`;
  const result = await ctx.client.post({ url, headers: {}, body: "{}" });

  assert.equal(result.error, null);
  assert.equal(ctx.receiver.requests("/v6").length, 1);
});

Deno.test("poolKey: host, port, local address, family and server name, never a TLS option", () => {
  const key = poolKey({ host: "hooks.example.sa", port: 8443, servername: "hooks.example.sa" });
  assert.equal(key, "hooks.example.sa:8443:::hooks.example.sa");
  const withCa = { host: "hooks.example.sa", port: 8443, ca: ["x".repeat(200_000)] };
  assert.equal(poolKey(withCa), "hooks.example.sa:8443:::");
  assert.notEqual(poolKey({ host: "a", port: 443 }), poolKey({ host: "a", port: 444 }));
  assert.notEqual(poolKey({ host: "a", servername: "a" }), poolKey({ host: "a", servername: "b" }));
});

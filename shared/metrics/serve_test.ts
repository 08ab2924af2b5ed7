import assert from "node:assert/strict";
import { silentLogger } from "@hire/log";
import { createRegistry } from "./registry.ts";
import { EXPOSITION_CONTENT_TYPE } from "./exposition.ts";
import { metricsHandler, serveMetrics } from "./serve.ts";

function registryWithOne() {
  const registry = createRegistry({ labels: { service: "test" } });
  registry.counter({ name: "x_total", help: "X.", labels: ["reason"] }).inc({ reason: "r" });
  return registry;
}

Deno.test("metricsHandler: GET /metrics is the text format; other paths 404, other methods 405", async () => {
  const handle = metricsHandler(registryWithOne());
  const res = handle(new Request("http://localhost/metrics"));
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), EXPOSITION_CONTENT_TYPE);
  assert.match(await res.text(), /^x_total\{service="test",reason="r"\} 1$/m);
  const missing = handle(new Request("http://localhost/other"));
  assert.equal(missing.status, 404);
  await missing.body?.cancel();
  const post = handle(new Request("http://localhost/metrics", { method: "POST" }));
  assert.equal(post.status, 405);
  await post.body?.cancel();
});

Deno.test("serveMetrics: serves /metrics on the port given, and nothing without one", async () => {
  const registry = registryWithOne();
  assert.equal(
    serveMetrics(registry, { port: undefined, hostname: "127.0.0.1", log: silentLogger }).port,
    undefined,
  );
  const server = serveMetrics(registry, { port: 0, hostname: "127.0.0.1", log: silentLogger });
  try {
    const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
    assert.equal(res.status, 200);
    assert.match(await res.text(), /x_total\{service="test",reason="r"\} 1/);
  } finally {
    await server.stop();
  }
});

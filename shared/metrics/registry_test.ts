import assert from "node:assert/strict";
import { createRegistry } from "./registry.ts";

const SPEC = {
  name: "hire_messages_set_aside_total",
  help: "Messages set aside.",
  labels: ["topic", "reason"] as const,
};

Deno.test("counter: one series per label values, starting at 0, rendered with the registry's labels", () => {
  const registry = createRegistry({ labels: { service: "job" } });
  const c = registry.counter(SPEC);
  assert.equal(c.value({ topic: "t", reason: "r" }), 0);
  c.inc({ topic: "t", reason: "r" });
  c.inc({ reason: "r", topic: "t" }, 2);
  c.inc({ topic: "u", reason: "r" });
  assert.equal(c.value({ topic: "t", reason: "r" }), 3);
  assert.equal(
    registry.render(),
    "# HELP hire_messages_set_aside_total Messages set aside.\n" +
      "# TYPE hire_messages_set_aside_total counter\n" +
      'hire_messages_set_aside_total{service="job",topic="t",reason="r"} 3\n' +
      'hire_messages_set_aside_total{service="job",topic="u",reason="r"} 1\n',
  );
});

Deno.test("counter: declared twice with the same spec is one counter; with another spec refused", () => {
  const registry = createRegistry();
  registry.counter(SPEC).inc({ topic: "t", reason: "r" });
  assert.equal(registry.counter({ ...SPEC }).value({ topic: "t", reason: "r" }), 1);
  assert.throws(() => registry.counter({ ...SPEC, help: "Other." }), /already declared/);
  assert.throws(() => registry.counter({ ...SPEC, labels: ["topic"] }), /already declared/);
});

Deno.test("counter: only goes up, and takes exactly its labels", () => {
  const c = createRegistry().counter(SPEC);
  assert.throws(() => c.inc({ topic: "t", reason: "r" }, -1), /only goes up/);
  assert.throws(() => c.inc({ topic: "t", reason: "r" }, NaN), /only goes up/);
  assert.throws(() => c.inc({ topic: "t" } as never), /takes the labels/);
  assert.throws(
    () => c.inc({ topic: "t", reason: "r", extra: "x" } as never),
    /takes the labels/,
  );
});

Deno.test("registry: names the format cannot carry are refused", () => {
  assert.throws(() => createRegistry().counter({ ...SPEC, name: "has-dash" }), /metric name/);
  assert.throws(() => createRegistry().counter({ ...SPEC, labels: ["__x"] }), /label name/);
  assert.throws(() => createRegistry({ labels: { "1x": "a" } }), /label name/);
  assert.throws(
    () => createRegistry({ labels: { topic: "a" } }).counter(SPEC),
    /set for every metric/,
  );
});

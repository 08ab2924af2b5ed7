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

const GAUGE = {
  name: "hire_pgvector_tables_bytes",
  help: "Bytes the tables take.",
  labels: ["space"] as const,
};

Deno.test("gauge: set to what it is now, absent until first set, rendered as a gauge", () => {
  const registry = createRegistry({ labels: { service: "matching" } });
  const g = registry.gauge(GAUGE);
  assert.equal(g.value({ space: "a" }), undefined);
  assert.equal(
    registry.render(),
    "# HELP hire_pgvector_tables_bytes Bytes the tables take.\n" +
      "# TYPE hire_pgvector_tables_bytes gauge\n",
  );
  g.set({ space: "a" }, 900);
  g.set({ space: "a" }, 300);
  g.set({ space: "b" }, -2.5);
  assert.equal(g.value({ space: "a" }), 300);
  assert.equal(
    registry.render(),
    "# HELP hire_pgvector_tables_bytes Bytes the tables take.\n" +
      "# TYPE hire_pgvector_tables_bytes gauge\n" +
      'hire_pgvector_tables_bytes{service="matching",space="a"} 300\n' +
      'hire_pgvector_tables_bytes{service="matching",space="b"} -2.5\n',
  );
});

Deno.test("gauge: takes finite values and exactly its labels; one name is one type", () => {
  const registry = createRegistry();
  const g = registry.gauge(GAUGE);
  assert.throws(() => g.set({ space: "a" }, NaN), /finite value/);
  assert.throws(() => g.set({ space: "a" }, Infinity), /finite value/);
  assert.equal(g.value({ space: "a" }), undefined);
  assert.throws(() => g.set({} as never, 1), /takes the labels/);
  g.set({ space: "a" }, 1);
  assert.equal(registry.gauge({ ...GAUGE }).value({ space: "a" }), 1);
  assert.throws(() => registry.counter(GAUGE), /another type/);
  registry.counter(SPEC);
  assert.throws(() => registry.gauge(SPEC), /another type/);
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

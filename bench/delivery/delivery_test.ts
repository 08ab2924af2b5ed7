import assert from "node:assert/strict";
import { type Figure, figureRows, figures, formatValue, meets, ratio, TARGETS } from "./figures.ts";
import { context, cpu, quietRun } from "./quiet_run.ts";
import { deliveryMarkdown, observations, stageRows } from "./report.ts";
import { type LatencyStats, latencyStats, percentile, roundedStats } from "../common/stats.ts";
import { type Arrival, deliveriesPerSec, deliverySummary, type SentEvent, tally } from "./tally.ts";

const oneToHundred = Array.from({ length: 100 }, (_, i) => i + 1);

Deno.test("percentile is NaN without values and the only value for one", () => {
  assert.ok(Number.isNaN(percentile([], 0.5)));
  for (const p of [0, 0.5, 0.95, 0.99, 1]) assert.equal(percentile([42], p), 42);
});

Deno.test("percentile takes the nearest rank of ascending values", () => {
  assert.equal(percentile(oneToHundred, 0), 1);
  assert.equal(percentile(oneToHundred, 0.5), 50);
  assert.equal(percentile(oneToHundred, 0.95), 95);
  assert.equal(percentile(oneToHundred, 0.99), 99);
  assert.equal(percentile(oneToHundred, 1), 100);
  // Ten values: rank ⌈0.55 × 10⌉ = 6, and p95 already rounds up to the last.
  const tens = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
  assert.equal(percentile(tens, 0.55), 60);
  assert.equal(percentile(tens, 0.95), 100);
});

Deno.test("latencyStats sorts its input, leaves it alone, and is NaN when empty", () => {
  const values = [5, 1, 3, 2, 4];
  assert.deepEqual(latencyStats(values), { count: 5, p50: 3, p95: 5, p99: 5, max: 5 });
  assert.deepEqual(values, [5, 1, 3, 2, 4]);
  assert.deepEqual(latencyStats(oneToHundred.toReversed()), {
    count: 100,
    p50: 50,
    p95: 95,
    p99: 99,
    max: 100,
  });
  const empty = latencyStats([]);
  assert.equal(empty.count, 0);
  for (const k of ["p50", "p95", "p99", "max"] as const) assert.ok(Number.isNaN(empty[k]));
});

Deno.test("roundedStats rounds to whole milliseconds and keeps NaN", () => {
  const s: LatencyStats = { count: 3, p50: 1.4, p95: 2.5, p99: 2.6, max: NaN };
  const r = roundedStats(s);
  assert.deepEqual({ ...r, max: 0 }, { count: 3, p50: 1, p95: 3, p99: 3, max: 0 });
  assert.ok(Number.isNaN(r.max));
});

// p1 has webhooks a and b, p2 has c: five (webhook, event) pairs expected.
const sent = new Map<string, SentEvent>([
  ["e1", { partnerId: "p1", sentAt: 100 }],
  ["e2", { partnerId: "p2", sentAt: 150 }],
  ["e3", { partnerId: "p1", sentAt: 160 }],
]);
const webhooksOf = (partnerId: string) => partnerId === "p1" ? ["a", "b"] : ["c"];
const arrivals: Arrival[] = [
  { webhook: "a", eventId: "e1", receivedAt: 300 },
  { webhook: "b", eventId: "e1", receivedAt: 250 },
  // A repeat that arrived out of order: the earlier arrival is the first attempt.
  { webhook: "a", eventId: "e1", receivedAt: 200 },
  { webhook: "c", eventId: "e2", receivedAt: 400 },
  { webhook: "c", eventId: "e3", receivedAt: 500 },
  { webhook: "a", eventId: "not-ours", receivedAt: 600 },
];

Deno.test("tally counts first attempts, repeats and missing pairs, ignoring others' arrivals", () => {
  const t = tally(sent, arrivals, webhooksOf);
  assert.equal(t.expected, 5);
  assert.equal(t.delivered, 3);
  assert.equal(t.repeats, 1);
  assert.equal(t.missing, 2);
  assert.deepEqual(t.latenciesMs, [100, 150, 250]);
  assert.deepEqual(t.firstArrivals, new Map([["a e1", 200], ["b e1", 250], ["c e2", 400]]));
  assert.equal(t.firstSentAt, 100);
  assert.equal(t.lastArrivalAt, 400);
});

Deno.test("tally with no arrivals has everything missing", () => {
  const t = tally(sent, [], webhooksOf);
  assert.deepEqual(
    { expected: t.expected, delivered: t.delivered, missing: t.missing, repeats: t.repeats },
    { expected: 5, delivered: 0, missing: 5, repeats: 0 },
  );
  assert.deepEqual(t.latenciesMs, []);
  assert.equal(t.lastArrivalAt, -Infinity);
});

Deno.test("tally expects nothing of partners without webhooks", () => {
  const onlyP2 = (partnerId: string) => partnerId === "p2" ? ["c"] : [];
  const t = tally(sent, arrivals, onlyP2);
  assert.deepEqual([t.expected, t.delivered, t.missing, t.repeats], [1, 1, 0, 0]);
  assert.deepEqual(t.latenciesMs, [250]);
});

Deno.test("deliveriesPerSec divides first attempts by first send → last first arrival", () => {
  const t = tally(sent, arrivals, webhooksOf);
  assert.equal(deliveriesPerSec(t), 10); // 3 in 300 ms
  assert.equal(deliveriesPerSec(tally(sent, [], webhooksOf)), 0);
  assert.equal(deliveriesPerSec({ ...t, lastArrivalAt: t.firstSentAt }), 0);
});

Deno.test("deliverySummary reports the counts and rounded latency stats of a tally", () => {
  assert.deepEqual(deliverySummary(tally(sent, arrivals, webhooksOf)), {
    expected: 5,
    delivered: 3,
    missing: 2,
    repeats: 1,
    latency_ms: { count: 3, p50: 150, p95: 250, p99: 250, max: 250 },
  });
  const t = { ...tally(sent, arrivals, webhooksOf), latenciesMs: [2.6, 1.4] };
  assert.deepEqual(deliverySummary(t).latency_ms, { count: 2, p50: 1, p95: 3, p99: 3, max: 3 });
});

const fig = (value: number, target?: Figure["target"]): Figure => ({
  scenario: "s",
  figure: "f",
  value,
  unit: "ms",
  ...(target ? { target } : {}),
});

Deno.test("meets compares with each operator, boundaries included only for ≥ and ≤", () => {
  assert.equal(meets(fig(500, { op: "≥", value: 500 })), true);
  assert.equal(meets(fig(499.9, { op: "≥", value: 500 })), false);
  assert.equal(meets(fig(1000, { op: "≤", value: 1000 })), true);
  assert.equal(meets(fig(1001, { op: "≤", value: 1000 })), false);
  assert.equal(meets(fig(999, { op: "<", value: 1000 })), true);
  assert.equal(meets(fig(1000, { op: "<", value: 1000 })), false);
});

Deno.test("meets: no target is met, NaN never meets one", () => {
  assert.equal(meets(fig(NaN)), true);
  assert.equal(meets(fig(NaN, { op: "≤", value: 0 })), false);
  assert.equal(meets(fig(NaN, { op: "≥", value: 0 })), false);
});

Deno.test("formatValue: whole numbers from 100 up or when integral, one decimal below", () => {
  assert.equal(formatValue(NaN, "ms"), "n/a");
  assert.equal(formatValue(1041.3, "/s"), "1,041 /s");
  assert.equal(formatValue(150.5, "ms"), "151 ms");
  assert.equal(formatValue(12, "ms"), "12 ms");
  assert.equal(formatValue(7.56, ""), "7.6");
  assert.equal(formatValue(0, ""), "0");
  assert.equal(formatValue(0.543, "×"), "0.54 ×");
});

Deno.test("ratio divides to two decimals and is NaN without a denominator or a value", () => {
  assert.equal(ratio(2150, 4000), 0.54);
  assert.ok(Number.isNaN(ratio(1, 0)));
  assert.ok(Number.isNaN(ratio(NaN, 2)));
});

Deno.test("figureRows renders a header and met, MISSED and context rows", () => {
  const rows = figureRows([
    {
      scenario: "t",
      figure: "deliveries/s",
      value: 1041.3,
      unit: "/s",
      target: { op: "≥", value: 500 },
    },
    { scenario: "l", figure: "p95", value: 1200, unit: "ms", target: { op: "≤", value: 1000 } },
    { scenario: "i", figure: "in flight", value: 7.6, unit: "" },
  ]);
  assert.deepEqual(rows, [
    "| scenario | figure | value | target | result |",
    "| --- | --- | ---: | --- | --- |",
    "| t | deliveries/s | 1,041 /s | ≥ 500 /s | met |",
    "| l | p95 | 1,200 ms | ≤ 1,000 ms | MISSED |",
    "| i | in flight | 7.6 | — | context |",
  ]);
});

const find = (figs: Figure[], scenario: string, figure: string) => {
  const f = figs.find((x) => x.scenario.startsWith(scenario) && x.figure === figure);
  assert.ok(f, `no figure "${figure}" of ${scenario}`);
  return f;
};

Deno.test("figures carry the run's values and the service's targets", () => {
  const figs = figures(quietRun());
  assert.equal(figs.length, 40);
  const sustained = find(figs, "sustained (1,100 events/s × 2 webhooks)", "deliveries/s");
  assert.deepEqual(sustained.target, { op: "≥", value: TARGETS.sustainedPerSec });
  const sp95 = find(figs, "sustained", "event → first attempt p95");
  assert.deepEqual([sp95.value, sp95.target], [50, { op: "≤", value: TARGETS.sustainedP95Ms }]);
  assert.equal(find(figs, "sustained", "deliveries/s ÷ bare client's requests/s").value, 0.54);
  assert.equal(find(figs, "sustained", "p95 ÷ bare client's paced p95").value, 10);
  assert.equal(find(figs, "memory", "under load ÷ bare client's").value, 2);
  const rate = find(figs, "burst (3,000 events × 2 webhooks)", "deliveries/s");
  assert.deepEqual(rate.target, { op: "≥", value: TARGETS.deliveriesPerSec });
  assert.equal(rate.value, 1041.3);
  const p95 = find(figs, "latency (100 events/s, 5 webhooks)", "event → first attempt p95");
  assert.deepEqual([p95.value, p95.target], [13, { op: "≤", value: TARGETS.latencyP95Ms }]);
  const healthy = find(figs, "isolation (healthy webhooks)", "event → first attempt p95");
  assert.deepEqual(healthy.target, { op: "<", value: TARGETS.isolationP95Ms });
  const missing = find(figs, "latency", "deliveries missing");
  assert.deepEqual([missing.value, missing.target], [0, { op: "≤", value: 0 }]);
  const conns = find(figs, "isolation (slow webhook)", "TCP connections to its host, max");
  assert.ok(Number.isNaN(conns.value));
  assert.equal(conns.target, undefined);
  assert.ok(figs.every(meets));
});

Deno.test("figures miss their targets when deliveries are missing or slow", () => {
  const r = quietRun();
  r.latency.missing = 2;
  r.latency.latency_ms.p95 = 1001;
  r.isolation.healthy.latency_ms.p95 = 1000;
  r.sustained.deliveries_per_sec = 1999;
  r.sustained.latency_ms.p95 = 101;
  const missed = figures(r).filter((f) => !meets(f)).map((f) => `${f.scenario}: ${f.figure}`);
  assert.deepEqual(missed, [
    "sustained (1,100 events/s × 2 webhooks): deliveries/s",
    "sustained (1,100 events/s × 2 webhooks): event → first attempt p95",
    "latency (100 events/s, 5 webhooks): event → first attempt p95",
    "latency (100 events/s, 5 webhooks): deliveries missing",
    "isolation (healthy webhooks): event → first attempt p95",
  ]);
});

Deno.test("observations: none for a quiet run", () => {
  assert.deepEqual(observations(quietRun()), []);
});

Deno.test("observations: a neighbour on the slow host that is not isolated", () => {
  const r = quietRun();
  const n = r.isolation.neighbour_on_slow_host;
  n.missing = 50;
  n.delivered = 150;
  n.attempt_duration_ms.max = 2500;
  r.isolation.slow.sockets_per_host_setting = 4;
  const [note, ...rest] = observations(r);
  assert.deepEqual(rest, []);
  assert.match(note!, /is not isolated/);
  assert.match(note!, /50 of 200 first attempts not made within 15 s/);
  assert.match(note!, /stayed at p95 21 ms/);
  assert.match(note!, /waiting for a socket/);
  assert.match(note!, /socket cap per host \(4\) is no more than WEBHOOK_MAX_IN_FLIGHT \(8\)/);

  n.missing = 0;
  n.latency_ms.p95 = TARGETS.isolationP95Ms;
  n.attempt_duration_ms.max = 20;
  r.isolation.slow.sockets_per_host_setting = 16;
  const [slow] = observations(r);
  assert.match(slow!, /the wait was in the queue/);
  assert.match(slow!, /\(16\) is above WEBHOOK_MAX_IN_FLIGHT \(8\)/);

  r.isolation.slow.sockets_per_host_setting = 8;
  assert.match(observations(r)[0]!, /\(8\) is no more than WEBHOOK_MAX_IN_FLIGHT \(8\)/);
});

Deno.test("observations: other processes busy from 15% of a core, the benchmark's own aside", () => {
  const r = quietRun();
  r.latency.cpu = cpu(15);
  const notes = observations(r);
  assert.equal(notes.length, 1);
  assert.match(notes[0]!, /^During the latency run other processes .*\(other 15% of a core\)/);
});

Deno.test("deliveryMarkdown holds the figures table, the key figures and the versions", () => {
  const r = quietRun();
  r.throughput.repeats = 7;
  const md = deliveryMarkdown(r, context);
  assert.ok(md.startsWith("# Webhook delivery benchmark\n"));
  assert.match(md, /Raw figures:\n`delivery-2025-03-04\.json`/);
  assert.ok(md.includes(figureRows(figures(r)).join("\n")));
  assert.ok(md.includes("| deliveries/s | 1,041 /s | ≥ 500 /s | met |"));
  assert.ok(md.includes("| deliveries/s | 2,150 /s | ≥ 2,000 /s | met |"));
  assert.match(md, /\*\*sustained\*\*: 44000 of 44000 deliveries in 20465 ms/);
  assert.match(
    md,
    /as fast as 128 requests in flight \(DELIVERY_CONCURRENCY\) allow for 10 s \(4,000/,
  );
  assert.match(md, /\*\*burst\*\*: 6000 of 6000 deliveries in 5762 ms, 7 repeated/);
  assert.match(md, /attempts recorded \(with the warm-up's\): delivered 6,100\./);
  assert.match(md, /\*\*latency\*\*: 2000 of 2000 delivered, max 55 ms; attempts recorded: none\./);
  assert.ok(md.includes("attempts recorded: failed 160, pending 240."));
  assert.match(md, /answers after 11 s \(WEBHOOK_TIMEOUT 10 s/);
  assert.match(md, /\(`hire_bench_delivery`\)/);
  assert.match(
    md,
    /applied autovacuum's rules itself .*: 4 vacuums and 2 analyses, 1\.5 s in all\./,
  );
  assert.match(md, /\| delivery service \| @hire\/delivery-service 0\.1\.0, commit abc1234 \|/);
  assert.ok(!md.includes("### Observation"));
  assert.ok(md.includes(stageRows(r).join("\n")));
  assert.match(md, /\(sustained: 5 from 50 ms\)/);
});

Deno.test("stageRows gives each scenario's three parts: p50, p95, mean and the tail's mean", () => {
  const r = quietRun();
  r.latency.stages.tail.request_ms = 41.5;
  const rows = stageRows(r);
  assert.equal(rows.length, 2 + 3 * 3);
  assert.equal(
    rows[2],
    "| sustained | to the fan-out (produce, broker, consumer fetch) | 8 ms | 20 ms | 9.1 ms | 24.5 ms |",
  );
  assert.equal(
    rows.at(-1),
    "| latency | the request (signing, socket, HTTPS, receiver) | 3 ms | 8 ms | 3.2 ms | 41.5 ms |",
  );
});

Deno.test("deliveryMarkdown adds each observation under its own heading", () => {
  const r = quietRun();
  r.throughput.cpu = cpu(40);
  r.isolation.cpu = cpu(20);
  const md = deliveryMarkdown(r, context);
  assert.equal(md.split("### Observation").length - 1, 2);
  for (const o of observations(r)) assert.ok(md.includes(`### Observation\n\n${o}\n`));
});

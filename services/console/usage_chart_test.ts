import assert from "node:assert/strict";
import { barChart, fillDays, gridStep, lastDays } from "./usage_chart.ts";

Deno.test("lastDays counts back across a month and a year end, oldest first", () => {
  const days = lastDays("2027-01-02", 30);
  assert.equal(days.length, 30);
  assert.equal(days[0], "2026-12-04");
  assert.equal(days.at(-1), "2027-01-02");
  assert.deepEqual(lastDays("2028-03-01", 3), ["2028-02-28", "2028-02-29", "2028-03-01"]);
  assert.equal(new Set(days).size, 30);
});

Deno.test("fillDays keeps every day, 0 where no job was created, and ignores other days", () => {
  const days = lastDays("2026-11-24", 30);
  const filled = fillDays(days, [
    { day: "2026-11-24", count: 4 },
    { day: "2026-10-26", count: 2 },
    { day: "2026-10-01", count: 9 },
  ]);
  assert.equal(filled.length, 30);
  assert.deepEqual(filled[0], { day: "2026-10-26", count: 2 });
  assert.deepEqual(filled.at(-1), { day: "2026-11-24", count: 4 });
  assert.equal(filled.slice(1, -1).every((d) => d.count === 0), true);
});

Deno.test("gridStep picks a whole 1, 2 or 5 × 10ⁿ that reaches the maximum in at most 4 steps", () => {
  const cases: [number, number][] = [
    [0, 1],
    [3, 1],
    [4, 1],
    [5, 2],
    [37, 10],
    [100, 50],
    [101, 50],
    [9_000, 5_000],
  ];
  for (const [max, step] of cases) assert.equal(gridStep(max), step, `max ${max}`);
});

Deno.test("barChart draws 30 bars whose heights are proportional to the counts", () => {
  const series = fillDays(lastDays("2026-11-24", 30), [
    { day: "2026-11-24", count: 40 },
    { day: "2026-11-23", count: 10 },
    { day: "2026-11-01", count: 1 },
  ]);
  const chart = barChart(series, { rtl: false });
  const plotHeight = chart.plot.bottom - chart.plot.top;
  assert.equal(chart.bars.length, 30);
  assert.equal(chart.scaleMax, 40);
  const byDay = new Map(chart.bars.map((b) => [b.day, b]));
  assert.equal(byDay.get("2026-11-24")!.height, plotHeight);
  assert.equal(byDay.get("2026-11-23")!.height, plotHeight / 4);
  assert.equal(byDay.get("2026-11-01")!.height, plotHeight / 40);
  assert.equal(chart.bars.filter((b) => b.height === 0).length, 27);
  // Every bar stands on the baseline.
  for (const b of chart.bars) assert.equal(b.y + b.height, chart.plot.bottom);
  assert.deepEqual(chart.ticks.map((t) => t.value), [0, 10, 20, 30, 40]);
  assert.equal(chart.ticks.at(-1)!.y, chart.plot.top);
});

Deno.test("barChart runs time left to right, and right to left with the scale on the right for rtl", () => {
  const series = fillDays(lastDays("2026-11-24", 30), [{ day: "2026-11-24", count: 3 }]);
  const ltr = barChart(series, { rtl: false });
  const rtl = barChart(series, { rtl: true });
  const xs = (c: typeof ltr) => c.bars.map((b) => b.x);
  assert.ok(xs(ltr).every((x, i, all) => i === 0 || x > all[i - 1]!), "oldest on the left");
  assert.ok(xs(rtl).every((x, i, all) => i === 0 || x < all[i - 1]!), "oldest on the right");
  assert.deepEqual(rtl.bars.map((b) => b.height), ltr.bars.map((b) => b.height));
  assert.ok(ltr.ticks.every((t) => t.labelX < ltr.plot.left) && ltr.labelAnchor === "end");
  assert.ok(rtl.ticks.every((t) => t.labelX > rtl.plot.right) && rtl.labelAnchor === "start");
  for (const c of [ltr, rtl]) {
    for (const b of c.bars) assert.ok(b.x >= c.plot.left && b.x + b.width <= c.plot.right);
  }
});

Deno.test("barChart of 30 days without a job has 30 empty bars on a scale of 1", () => {
  const chart = barChart(fillDays(lastDays("2026-11-24", 30), []), { rtl: false });
  assert.equal(chart.bars.length, 30);
  assert.equal(chart.scaleMax, 1);
  assert.ok(chart.bars.every((b) => b.height === 0 && b.y === chart.plot.bottom));
});

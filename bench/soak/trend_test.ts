import assert from "node:assert/strict";
import { liveHeapAllowanceKiB, slopePerMinute, trendOf } from "./trend.ts";

const MIB = 1024;
/** One sample every 10 s for 10 minutes, from `kib(i)`. */
const series = (kib: (i: number) => number) =>
  Array.from({ length: 61 }, (_, i) => ({ at: i * 10_000, kib: kib(i) }));

Deno.test("a steady size with noise and a warm-up does not grow", () => {
  const t = trendOf(series((i) => (i < 10 ? 100 + i * 10 : 200) * MIB + (i % 2) * 3 * MIB));
  assert.equal(t.grows, false);
  assert.ok(Math.abs(t.slopeKiBPerMin) < 1 * MIB);
});

Deno.test("a steady climb grows, with its slope per minute", () => {
  // 2 MiB per 10 s: 12 MiB a minute, 40 MiB between the thirds' means.
  const t = trendOf(series((i) => 200 * MIB + i * 2 * MIB));
  assert.equal(t.grows, true);
  assert.ok(Math.abs(t.slopeKiBPerMin - 12 * MIB) < 1);
});

Deno.test("a climb within the allowance (5%, at least 16 MiB) does not count", () => {
  const t = trendOf(series((i) => 1000 * MIB + i * 0.5 * MIB));
  assert.equal(t.grows, false, "10 MiB between the thirds of a 1 GiB process");
});

Deno.test("a live heap's allowance is tighter: 20 MiB over ten minutes of a 60 MiB heap grows", () => {
  const climb = series((i) => 60 * MIB + (i / 3) * MIB);
  assert.equal(trendOf(climb).grows, false, "within a resident size's 16 MiB");
  const t = trendOf(climb, liveHeapAllowanceKiB);
  assert.equal(t.allowanceKiB, 4 * MIB);
  assert.equal(t.grows, true);
});

Deno.test("a rise that falls back is not growth", () => {
  const t = trendOf(series((i) => (i > 40 && i < 50 ? 400 : 200) * MIB));
  assert.equal(t.grows, false);
});

Deno.test("slopePerMinute: flat is 0, too few samples is 0; trendOf needs three", () => {
  assert.equal(slopePerMinute([{ at: 0, kib: 5 }, { at: 60_000, kib: 5 }]), 0);
  assert.equal(slopePerMinute([{ at: 0, kib: 5 }]), 0);
  assert.throws(() => trendOf([{ at: 0, kib: 1 }, { at: 1, kib: 2 }]), RangeError);
});

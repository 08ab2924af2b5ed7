/**
 * The overview's chart of daily job creates: the days it covers and the geometry of an
 * inline SVG bar chart (no script, nothing fetched). Pure, so the bars' heights are tested
 * without a page; `routes/overview.tsx` draws what this computes.
 * @module
 */

/** Jobs created on one calendar day (`YYYY-MM-DD`). */
export interface DayCount {
  day: string;
  count: number;
}

/** The `n` calendar days that end with `today` (`YYYY-MM-DD`), oldest first. */
export function lastDays(today: string, n: number): string[] {
  const [y, m, d] = today.split("-").map(Number);
  // Calendar arithmetic on a date with no time zone: UTC noon never crosses a day edge.
  const end = Date.UTC(y!, m! - 1, d!, 12);
  return Array.from(
    { length: n },
    (_, i) => new Date(end - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Each of `days` with its count in `counts`: 0 for a day without a row. */
export function fillDays(days: readonly string[], counts: readonly DayCount[]): DayCount[] {
  const byDay = new Map(counts.map((c) => [c.day, c.count]));
  return days.map((day) => ({ day, count: byDay.get(day) ?? 0 }));
}

/**
 * The step between gridlines: the smallest 1, 2 or 5 × 10ⁿ (a whole number) that needs at
 * most four steps to reach `max`.
 */
export function gridStep(max: number): number {
  const rough = Math.max(1, max / 4);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((k) => k * power).find((s) => s >= rough)!;
  return step;
}

/** A bar: its day and count, and its rectangle in the chart's coordinates. */
export interface ChartBar extends DayCount {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A gridline with its value, and where its label sits. */
export interface ChartTick {
  value: number;
  y: number;
  labelX: number;
}

/** What the page draws: the view box, the plot's edges, gridlines and bars. */
export interface BarChart {
  width: number;
  height: number;
  /** The plot area, left to right in SVG coordinates. */
  plot: { left: number; right: number; top: number; bottom: number };
  /** The value of the top gridline; a bar of this count fills the plot's height. */
  scaleMax: number;
  ticks: ChartTick[];
  /** The labels' `text-anchor` (the SVG is drawn left to right; see `rtl`). */
  labelAnchor: "start" | "end";
  bars: ChartBar[];
}

const WIDTH = 720;
const HEIGHT = 180;
const GUTTER = 44;
const TOP = 10;
const BOTTOM = 170;
const BAR_SHARE = 0.7;

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Lays out one bar per entry of `series`, oldest first. With `rtl` time runs from right to
 * left and the scale's labels sit on the right, as a right-to-left reader expects of a chart.
 */
export function barChart(series: readonly DayCount[], opts: { rtl: boolean }): BarChart {
  const max = Math.max(0, ...series.map((s) => s.count));
  const step = gridStep(max);
  const scaleMax = Math.max(step, Math.ceil(max / step) * step);
  const left = opts.rtl ? 0 : GUTTER;
  const right = opts.rtl ? WIDTH - GUTTER : WIDTH;
  const slot = (right - left) / Math.max(1, series.length);
  const barWidth = slot * BAR_SHARE;
  const plotHeight = BOTTOM - TOP;
  const yOf = (value: number) => round2(BOTTOM - (value / scaleMax) * plotHeight);
  const bars = series.map((s, i) => {
    const height = round2((s.count / scaleMax) * plotHeight);
    const slotStart = opts.rtl ? right - (i + 1) * slot : left + i * slot;
    return {
      ...s,
      x: round2(slotStart + (slot - barWidth) / 2),
      y: round2(BOTTOM - height),
      width: round2(barWidth),
      height,
    };
  });
  const ticks: ChartTick[] = [];
  for (let value = 0; value <= scaleMax; value += step) {
    ticks.push({ value, y: yOf(value), labelX: opts.rtl ? right + 6 : left - 6 });
  }
  return {
    width: WIDTH,
    height: HEIGHT,
    plot: { left, right, top: TOP, bottom: BOTTOM },
    scaleMax,
    ticks,
    labelAnchor: opts.rtl ? "start" : "end",
    bars,
  };
}

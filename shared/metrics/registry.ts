/**
 * A process's metrics: counters and gauges with labels, kept in memory and rendered for a
 * scraper. Declaring a metric twice with the same name, type, help and labels returns the
 * first one, so every worker of a service can declare the metrics it uses.
 * @module
 */
import { type Family, type MetricType, renderFamilies, type Sample } from "./exposition.ts";

/** What a metric is: its name, what it measures, and the names of its labels. */
export interface MetricSpec<L extends string> {
  /** `snake_case`; a counter's ends in `_total` by the format's convention. */
  name: string;
  help: string;
  labels: readonly L[];
}

/** A value that only goes up, one per combination of label values. */
export interface Counter<L extends string> {
  /** Adds `by` (default 1, never negative) to the series of `labels`. */
  inc(labels: Readonly<Record<L, string>>, by?: number): void;
  /** The series' value now: 0 until it is first incremented. */
  value(labels: Readonly<Record<L, string>>): number;
}

/** A value that is set to what it is now, one per combination of label values. */
export interface Gauge<L extends string> {
  /** Sets the series of `labels` to `value` (finite). */
  set(labels: Readonly<Record<L, string>>, value: number): void;
  /** The series' value now: undefined until it is first set. */
  value(labels: Readonly<Record<L, string>>): number | undefined;
}

/** A process's metrics. */
export interface Registry {
  /** Declares a counter, or returns the one declared before with the same spec. */
  counter<L extends string>(spec: MetricSpec<L>): Counter<L>;
  /** Declares a gauge, or returns the one declared before with the same spec. */
  gauge<L extends string>(spec: MetricSpec<L>): Gauge<L>;
  /** Every metric in the Prometheus text format. */
  render(): string;
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

interface Declared {
  type: MetricType;
  spec: MetricSpec<string>;
  series: Map<string, Sample & { labels: Record<string, string> }>;
}

/** How a declared metric finds a series: by its label values, in the declared order. */
interface Series<L extends string> {
  get(labels: Readonly<Record<L, string>>): Sample | undefined;
  getOrAdd(labels: Readonly<Record<L, string>>): Sample;
}

/**
 * A new registry. `labels` are added to every sample, e.g. `{ service: "job" }`, so the
 * figures of several processes can be told apart once scraped together.
 */
export function createRegistry(opts: { labels?: Readonly<Record<string, string>> } = {}): Registry {
  const constant = { ...opts.labels };
  for (const name of Object.keys(constant)) checkLabelName(name);
  const declared = new Map<string, Declared>();

  const declare = <L extends string>(type: MetricType, spec: MetricSpec<L>): Series<L> => {
    const earlier = declared.get(spec.name);
    if (earlier) {
      if (earlier.type !== type || !sameSpec(earlier.spec, spec)) {
        throw new Error(
          `metric ${spec.name} is already declared with another type, help or labels`,
        );
      }
    } else {
      if (!METRIC_NAME.test(spec.name)) throw new Error(`invalid metric name: ${spec.name}`);
      for (const name of spec.labels) {
        checkLabelName(name);
        if (name in constant) throw new Error(`label ${name} is set for every metric already`);
      }
      declared.set(spec.name, {
        type,
        spec: { ...spec, labels: [...spec.labels] },
        series: new Map(),
      });
    }
    const { series } = declared.get(spec.name)!;
    const keyOf = (labels: Readonly<Record<L, string>>) => {
      const given = Object.keys(labels);
      if (given.length !== spec.labels.length || spec.labels.some((l) => !(l in labels))) {
        throw new Error(`${spec.name} takes the labels ${spec.labels.join(", ")}`);
      }
      return JSON.stringify(spec.labels.map((l) => labels[l]));
    };
    return {
      get: (labels) => series.get(keyOf(labels)),
      getOrAdd(labels) {
        const key = keyOf(labels);
        let sample = series.get(key);
        if (!sample) {
          sample = { labels: { ...constant, ...pick(labels, spec.labels) }, value: 0 };
          series.set(key, sample);
        }
        return sample;
      },
    };
  };

  const counter = <L extends string>(spec: MetricSpec<L>): Counter<L> => {
    const series = declare("counter", spec);
    return {
      inc(labels, by = 1) {
        if (!(by >= 0) || !Number.isFinite(by)) {
          throw new Error(`${spec.name} only goes up by a finite amount, not ${by}`);
        }
        series.getOrAdd(labels).value += by;
      },
      value: (labels) => series.get(labels)?.value ?? 0,
    };
  };

  const gauge = <L extends string>(spec: MetricSpec<L>): Gauge<L> => {
    const series = declare("gauge", spec);
    return {
      set(labels, value) {
        if (!Number.isFinite(value)) {
          throw new Error(`${spec.name} takes a finite value, not ${value}`);
        }
        series.getOrAdd(labels).value = value;
      },
      value: (labels) => series.get(labels)?.value,
    };
  };

  return {
    counter,
    gauge,
    render: () =>
      renderFamilies(
        [...declared.values()].map((d): Family => ({
          name: d.spec.name,
          help: d.spec.help,
          type: d.type,
          samples: [...d.series.values()],
        })),
      ),
  };
}

function checkLabelName(name: string): void {
  // Names starting with `__` are the format's own.
  if (!LABEL_NAME.test(name) || name.startsWith("__")) {
    throw new Error(`invalid label name: ${name}`);
  }
}

function sameSpec(a: MetricSpec<string>, b: MetricSpec<string>): boolean {
  return a.help === b.help && a.labels.length === b.labels.length &&
    a.labels.every((l, i) => l === b.labels[i]);
}

// In the declared order, whatever order the caller wrote them in.
function pick<L extends string>(
  labels: Readonly<Record<L, string>>,
  names: readonly L[],
): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, labels[n]]));
}

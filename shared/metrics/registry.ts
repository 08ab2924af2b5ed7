/**
 * A process's metrics: counters with labels, kept in memory and rendered for a scraper.
 * Declaring a counter twice with the same name, help and labels returns the first one, so
 * every worker of a service can declare the counters it uses.
 * @module
 */
import { type Family, renderFamilies, type Sample } from "./exposition.ts";

/** What a counter is: its name, what it counts, and the names of its labels. */
export interface CounterSpec<L extends string> {
  /** `snake_case`, ending in `_total` by the format's convention. */
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

/** A process's metrics. */
export interface Registry {
  /** Declares a counter, or returns the one declared before with the same spec. */
  counter<L extends string>(spec: CounterSpec<L>): Counter<L>;
  /** Every metric in the Prometheus text format. */
  render(): string;
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

interface Declared {
  spec: CounterSpec<string>;
  series: Map<string, Sample & { labels: Record<string, string> }>;
}

/**
 * A new registry. `labels` are added to every sample, e.g. `{ service: "job" }`, so the
 * figures of several processes can be told apart once scraped together.
 */
export function createRegistry(opts: { labels?: Readonly<Record<string, string>> } = {}): Registry {
  const constant = { ...opts.labels };
  for (const name of Object.keys(constant)) checkLabelName(name);
  const declared = new Map<string, Declared>();

  const counter = <L extends string>(spec: CounterSpec<L>): Counter<L> => {
    const earlier = declared.get(spec.name);
    if (earlier) {
      if (!sameSpec(earlier.spec, spec)) {
        throw new Error(`metric ${spec.name} is already declared with other help or labels`);
      }
    } else {
      if (!METRIC_NAME.test(spec.name)) throw new Error(`invalid metric name: ${spec.name}`);
      for (const name of spec.labels) {
        checkLabelName(name);
        if (name in constant) throw new Error(`label ${name} is set for every metric already`);
      }
      declared.set(spec.name, { spec: { ...spec, labels: [...spec.labels] }, series: new Map() });
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
      inc(labels, by = 1) {
        if (!(by >= 0) || !Number.isFinite(by)) {
          throw new Error(`${spec.name} only goes up by a finite amount, not ${by}`);
        }
        const key = keyOf(labels);
        const sample = series.get(key) ??
          { labels: { ...constant, ...pick(labels, spec.labels) }, value: 0 };
        sample.value += by;
        series.set(key, sample);
      },
      value: (labels) => series.get(keyOf(labels))?.value ?? 0,
    };
  };

  return {
    counter,
    render: () =>
      renderFamilies(
        [...declared.values()].map((d): Family => ({
          name: d.spec.name,
          help: d.spec.help,
          type: "counter",
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

function sameSpec(a: CounterSpec<string>, b: CounterSpec<string>): boolean {
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

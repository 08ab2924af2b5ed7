/**
 * Where each process's CPU went by kind of code, from `perf`'s samples of the whole machine.
 *
 * V8's own profiles (`--cpu-prof`) weigh each sample by the wall time since the one before, so
 * a thread that waits for a core while inside a native call (a socket write, most often)
 * shows that wait as the call's time: on a busy machine they put a third of a service's time
 * in `writeBuffer`. `perf` samples the cores, so it counts only what ran. A service started
 * with `--v8-flags=--perf-basic-prof` writes `/tmp/perf-<pid>.map`, which names its
 * JavaScript and V8's builtins; what is left in the `deno` binary (stripped) is V8's C++
 * (the garbage collector, inline-cache misses) and Deno's Rust (ops, TLS, I/O).
 * @module
 */
import { markdownTable } from "./markdown.ts";

/** One sample: the process, the instruction, and what `perf` made of it. */
export interface PerfSample {
  pid: number;
  ip: bigint;
  symbol: string;
  dso: string;
}

/** The kinds of code a sample can be in. */
export const AREAS = [
  "model",
  "JavaScript",
  "V8 builtins",
  "runtime",
  "libc",
  "kernel",
  "postgres",
  "JVM",
  "JIT, unnamed",
  "other",
] as const;
export type Area = typeof AREAS[number];

/** A `/tmp/perf-<pid>.map`: code ranges and their names, sorted by start. */
export interface CodeMap {
  starts: bigint[];
  ends: bigint[];
  names: string[];
}

/**
 * Parses `perf script -F pid,ip,sym,dso` output. Lines it cannot read (headers, a
 * truncated last line) are skipped.
 */
export function parsePerfScript(text: string): PerfSample[] {
  const samples: PerfSample[] = [];
  for (const line of text.split("\n")) {
    const m = line.match(/^\s*(\d+)\s+([0-9a-f]+)\s+(.*) \(([^()]*)\)\s*$/);
    if (!m) continue;
    samples.push({ pid: Number(m[1]), ip: BigInt(`0x${m[2]}`), symbol: m[3]!, dso: m[4]! });
  }
  return samples;
}

/** Parses a perf map (`<start hex> <size hex> <name>` a line). */
export function parseCodeMap(text: string): CodeMap {
  const entries = text.split("\n").flatMap((line) => {
    const m = line.match(/^([0-9a-f]+) ([0-9a-f]+) (.*)$/);
    if (!m) return [];
    const start = BigInt(`0x${m[1]}`);
    return [{ start, end: start + BigInt(`0x${m[2]}`), name: m[3]! }];
  }).sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  return {
    starts: entries.map((e) => e.start),
    ends: entries.map((e) => e.end),
    names: entries.map((e) => e.name),
  };
}

/** The name of the code at `ip`, if the map has it. */
export function lookUp(map: CodeMap, ip: bigint): string | undefined {
  let lo = 0;
  let hi = map.starts.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (map.starts[mid]! <= ip) lo = mid + 1;
    else hi = mid - 1;
  }
  return hi >= 0 && ip < map.ends[hi]! ? map.names[hi] : undefined;
}

const base = (dso: string) => dso.slice(dso.lastIndexOf("/") + 1);

/**
 * The kind of code of a sample and its name. A name from the process's map wins: V8 maps its
 * builtins from the `deno` binary, where `perf` alone sees only a file offset.
 */
export function classifySample(
  s: PerfSample,
  map: CodeMap | undefined,
): { area: Area; name: string } {
  const mapped = map && lookUp(map, s.ip);
  if (mapped !== undefined) {
    return mapped.startsWith("Builtin:")
      ? { area: "V8 builtins", name: mapped }
      : { area: "JavaScript", name: jsName(mapped) };
  }
  const file = base(s.dso);
  const name = s.symbol === "[unknown]" ? `(${file})` : s.symbol;
  if (file.includes("onnxruntime")) return { area: "model", name };
  if (s.dso.startsWith("[kernel")) return { area: "kernel", name };
  if (/^(libc|libm|ld-linux|libpthread)[.-]/.test(file) || file === "[vdso]") {
    return { area: "libc", name };
  }
  if (file === "deno") return { area: "runtime", name };
  if (file === "postgres" || s.dso.includes("/postgresql/")) return { area: "postgres", name };
  if (file === "libjvm.so") return { area: "JVM", name };
  // The broker's compiled Java, or JavaScript of a process started without a map.
  if (s.dso.startsWith("[JIT]") || /^perf-\d+\.map$/.test(file)) {
    return { area: "JIT, unnamed", name: s.symbol === "[unknown]" ? "(JIT)" : jsName(s.symbol) };
  }
  return { area: "other", name };
}

/**
 * A JavaScript function's name as V8 maps it (`JS:*name url:line:column`, the marks telling
 * its tier), shortened to the function and its file within the repository or npm package.
 */
export function jsName(mapped: string): string {
  const text = mapped.replace(/^JS:[*+~^]?'?/, "").replace(/:\d+:\d+$/, "");
  return text
    .replace(/file:\/\/\/.*?\/registry\.npmjs\.org\//, "npm:")
    .replace(/file:\/\/\/.*?\/((services|shared|bench|deploy)\/)/, "$1");
}

/** One group's samples by area, and its busiest named code. */
export interface GroupSplit {
  group: string;
  samples: number;
  areas: Record<Area, number>;
  top: { name: string; area: Area; samples: number }[];
}

/** The whole machine's samples split by group and area. */
export interface PerfSplit {
  /** Samples per second per core (`perf record -F`). */
  frequency: number;
  seconds: number;
  /** All samples of the window, idle included. */
  samples: number;
  groups: GroupSplit[];
}

const emptyAreas = () => Object.fromEntries(AREAS.map((a) => [a, 0])) as Record<Area, number>;

/**
 * Splits samples by the group of their process (`groupOf`; idle, pid 0, is left out) and by
 * area, with each group's `topN` busiest names.
 */
export function splitSamples(
  samples: readonly PerfSample[],
  opts: {
    groupOf: (pid: number) => string;
    mapOf: (pid: number) => CodeMap | undefined;
    frequency: number;
    seconds: number;
    topN?: number;
  },
): PerfSplit {
  const groups = new Map<string, { areas: Record<Area, number>; names: Map<string, number> }>();
  const areaOf = new Map<string, Area>();
  for (const s of samples) {
    if (s.pid === 0) continue;
    const group = opts.groupOf(s.pid);
    const g = groups.get(group) ?? { areas: emptyAreas(), names: new Map() };
    groups.set(group, g);
    const { area, name } = classifySample(s, opts.mapOf(s.pid));
    g.areas[area]++;
    g.names.set(name, (g.names.get(name) ?? 0) + 1);
    areaOf.set(name, area);
  }
  return {
    frequency: opts.frequency,
    seconds: opts.seconds,
    samples: samples.length,
    groups: [...groups].map(([group, g]) => ({
      group,
      samples: Object.values(g.areas).reduce((a, b) => a + b, 0),
      areas: g.areas,
      top: [...g.names].sort((a, b) => b[1] - a[1]).slice(0, opts.topN ?? 8)
        .map(([name, n]) => ({ name, area: areaOf.get(name)!, samples: n })),
    })).sort((a, b) => b.samples - a.samples),
  };
}

/**
 * The group of a Postgres process, by the pool that opened it (the services name their pools
 * by their kind; the benchmarks' own pool is `chaos`), or by what the server runs it for
 * (`walwriter`, `checkpointer`, …).
 */
export function postgresGroup(p: { applicationName: string; backendType: string }): string {
  const who = p.applicationName === "chaos"
    ? "the benchmark's polls and vacuums"
    : p.applicationName || p.backendType;
  return `postgres (${who})`;
}

/** Samples as % of one core over the split's window. */
export function corePct(split: Pick<PerfSplit, "frequency" | "seconds">, samples: number): number {
  return (100 * samples) / (split.frequency * split.seconds);
}

/**
 * Markdown: each group's % of a core by area (the areas no group used left out), then the
 * busiest code of each `detailed` group (of those shown).
 */
export function perfMarkdown(split: PerfSplit, detailed: (group: string) => boolean): string {
  const used = AREAS.filter((a) => split.groups.some((g) => g.areas[a] > 0));
  const pct = (n: number) => corePct(split, n).toFixed(1);
  const shown = split.groups.filter((g) => corePct(split, g.samples) >= 0.5);
  const table = markdownTable(
    ["group", "% of a core", ...used],
    shown.map((g) => [g.group, pct(g.samples), ...used.map((a) => pct(g.areas[a]))]),
    Array.from({ length: used.length + 1 }, (_, i) => i + 1),
  );
  const tops = shown.filter((g) => detailed(g.group)).map((g) =>
    `- ${g.group}: ${
      g.top.map((t) => `\`${t.name}\` (${t.area}) ${(100 * t.samples / g.samples).toFixed(1)}%`)
        .join(", ")
    }`
  );
  return [
    table,
    "",
    ...(tops.length ? ["Its busiest code, % of the group's samples:", "", ...tops] : []),
  ]
    .join("\n");
}

/**
 * Summarises a V8 `.cpuprofile` (what `deno run --cpu-prof` writes): the functions with the
 * most self time and total time, and self time by package or folder. A sample is charged the
 * time until the next sample (the last one, until the profile's end); its function gets the
 * self time, and every distinct function on its stack the total time (once per sample, so
 * recursion does not count twice). Only samples inside `windowUs` count when it is given:
 * the load, without the start-up.
 * @module
 */

/** One node of the profile's call tree. */
export interface ProfileNode {
  id: number;
  callFrame: {
    functionName: string;
    url: string;
    lineNumber: number;
    columnNumber: number;
  };
  children?: number[];
}

/** The JSON of a `.cpuprofile`; times in microseconds of the monotonic clock. */
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  /** Node id of each sample, in order. */
  samples: number[];
  /** Microseconds from the previous sample (the first: from `startTime`). */
  timeDeltas: number[];
}

/** A function's share of the sampled time. */
export interface FunctionTime {
  name: string;
  /** `<file>:<line>`, the file shortened by {@link shortUrl}. */
  location: string;
  ms: number;
  /** Of the busy time (everything but `(idle)`). */
  pct: number;
}

/** What a profile says about a window of time. */
export interface ProfileSummary {
  /** Sampled milliseconds in the window. */
  sampledMs: number;
  /** Of which the thread was busy (not `(idle)`). */
  busyMs: number;
  /** `(garbage collector)` and `(program)` (native code outside any JS frame), in ms. */
  gcMs: number;
  programMs: number;
  samples: number;
  topSelf: FunctionTime[];
  topTotal: FunctionTime[];
  /** Self time by package (npm), runtime extension or folder of the repository. */
  selfByArea: { area: string; ms: number; pct: number }[];
}

/** Options of {@link summariseProfile}. */
export interface SummaryOptions {
  /** Only samples taken in [start, end] (microseconds, the profile's clock). */
  windowUs?: readonly [number, number];
  /** Rows of each top list (default 15). */
  top?: number;
  /** The repository's root as a file URL, e.g. `file:///work/main/`, to shorten paths. */
  root?: string;
}

const IDLE = "(idle)";
const GC = "(garbage collector)";
const PROGRAM = "(program)";
const ROOT_NODE = "(root)";

/** A script URL made short: an npm package's path inside it, a repository path, as is. */
export function shortUrl(url: string, root = ""): string {
  const npm = url.match(/\/registry\.npmjs\.org\/((?:@[^/]+\/)?[^/]+)\/([^/]+)\/(.*)$/);
  if (npm) return `npm:${npm[1]}@${npm[2]}/${npm[3]}`;
  if (root && url.startsWith(root)) return url.slice(root.length);
  return url;
}

/**
 * Where code lives, for the by-area view: `npm:<package>`, `ext:<extension>` (the Deno
 * runtime), `node:<module>`, the repository's `<top>/<folder>` (e.g. `services/edge`),
 * or `(native)` for frames without a script.
 */
export function areaOf(url: string, root = ""): string {
  if (!url) return "(native)";
  const npm = url.match(/\/registry\.npmjs\.org\/((?:@[^/]+\/)?[^/]+)\//);
  if (npm) return `npm:${npm[1]}`;
  const ext = url.match(/^ext:([^/]+)/);
  if (ext) return `ext:${ext[1]}`;
  const node = url.match(/^node:([^/]+)/);
  if (node) return `node:${node[1]}`;
  if (root && url.startsWith(root)) {
    const parts = url.slice(root.length).split("/");
    return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  return url;
}

function functionKey(node: ProfileNode): string {
  const f = node.callFrame;
  return `${f.functionName}\u0000${f.url}\u0000${f.lineNumber}\u0000${f.columnNumber}`;
}

/** Summarises `profile` (see the module's description). */
export function summariseProfile(profile: CpuProfile, opts: SummaryOptions = {}): ProfileSummary {
  const root = opts.root ?? "";
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const frames = new Map<string, ProfileNode["callFrame"]>();
  // The distinct functions on each node's stack, root excluded; memoised per node.
  const stacks = new Map<number, string[]>();
  const stackOf = (id: number): string[] => {
    const known = stacks.get(id);
    if (known) return known;
    const path: number[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) path.push(at);
    const keys = new Set<string>();
    for (const nid of path) {
      const node = byId.get(nid)!;
      if (node.callFrame.functionName === ROOT_NODE && !node.callFrame.url) continue;
      const key = functionKey(node);
      keys.add(key);
      frames.set(key, node.callFrame);
    }
    const list = [...keys];
    stacks.set(id, list);
    return list;
  };

  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const areas = new Map<string, number>();
  let sampledUs = 0;
  let idleUs = 0;
  let gcUs = 0;
  let programUs = 0;
  let count = 0;
  const [from, to] = opts.windowUs ?? [-Infinity, Infinity];
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    const next = i + 1 < profile.samples.length
      ? t + (profile.timeDeltas[i + 1] ?? 0)
      : Math.max(t, profile.endTime);
    if (t < from || t > to) continue;
    const node = byId.get(profile.samples[i]!);
    if (!node) continue;
    const w = next - t;
    count++;
    sampledUs += w;
    const name = node.callFrame.functionName;
    if (name === IDLE && !node.callFrame.url) {
      idleUs += w;
      continue;
    }
    if (name === GC && !node.callFrame.url) gcUs += w;
    if (name === PROGRAM && !node.callFrame.url) programUs += w;
    const key = functionKey(node);
    self.set(key, (self.get(key) ?? 0) + w);
    const area = areaOf(node.callFrame.url, root);
    areas.set(area, (areas.get(area) ?? 0) + w);
    for (const k of stackOf(node.id)) {
      total.set(k, (total.get(k) ?? 0) + w);
    }
  }

  const busyUs = sampledUs - idleUs;
  const top = opts.top ?? 15;
  const rank = (m: Map<string, number>): FunctionTime[] =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, us]) => {
      const f = frames.get(k)!;
      return {
        name: f.functionName || "(anonymous)",
        location: f.url ? `${shortUrl(f.url, root)}:${f.lineNumber + 1}` : "",
        ms: us / 1000,
        pct: busyUs > 0 ? (100 * us) / busyUs : 0,
      };
    });
  return {
    sampledMs: sampledUs / 1000,
    busyMs: busyUs / 1000,
    gcMs: gcUs / 1000,
    programMs: programUs / 1000,
    samples: count,
    topSelf: rank(self),
    topTotal: rank(total),
    selfByArea: [...areas].sort((a, b) => b[1] - a[1]).map(([area, us]) => ({
      area,
      ms: us / 1000,
      pct: busyUs > 0 ? (100 * us) / busyUs : 0,
    })),
  };
}

/** Reads a `.cpuprofile`, gzipped or not (by the `.gz` suffix). */
export async function readProfile(path: string): Promise<CpuProfile> {
  if (!path.endsWith(".gz")) return JSON.parse(await Deno.readTextFile(path));
  const file = await Deno.open(path);
  const text = await new Response(file.readable.pipeThrough(new DecompressionStream("gzip")))
    .text();
  return JSON.parse(text);
}

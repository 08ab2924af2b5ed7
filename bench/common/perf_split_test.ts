import assert from "node:assert/strict";
import {
  classifySample,
  corePct,
  jsName,
  lookUp,
  parseCodeMap,
  parsePerfScript,
  perfMarkdown,
  postgresGroup,
  splitSamples,
} from "./perf_split.ts";

// As `perf script -F pid,ip,sym,dso` prints them (a header line and a cut last line too).
const SCRIPT = `# captured on: x
  4101      55e3e1a0b0c0 [unknown] (/usr/local/bin/deno)
  4101      7f66dbdc0410 [unknown] (/usr/local/bin/deno)
  4101      7f66c0000020 JS:*'onStreamRead ext:deno_node/internal/stream_base_commons.ts:1:3147 (/tmp/perf-4101.map)
  4101  ffffffff82203157 _raw_spin_lock_irqsave ([kernel.kallsyms])
  4101      7f9855000000 malloc (/usr/lib/x86_64-linux-gnu/libc.so.6)
  4202      7f985597c740 [unknown] (/root/.cache/deno/npm/registry.npmjs.org/onnxruntime-node/1.30.0/bin/napi-v6/linux/x64/libonnxruntime.so.1)
  5303      55875f80fa0a heapgetpage (/usr/lib/postgresql/15/bin/postgres)
  5303      7f11000000aa [unknown] (/usr/lib/postgresql/15/lib/vector.so)
  6404      7f2200000001 [unknown] ([JIT] tid 6404)
  6404      7f2200000002 [unknown] (/usr/lib/jvm/java-17-openjdk-amd64/lib/server/libjvm.so)
     0  ffffffff821f4dab pv_native_safe_halt ([kernel.kallsyms])
  4101      55e3e1`;

const MAP = `7f66dbdc0400 3fc Builtin:DeoptimizationEntry_Lazy
7f66c0000000 80 JS:*'onStreamRead ext:deno_node/internal/stream_base_commons.ts:1:3147
7f66c0000100 40 JS:~handle file:///root/.cache/deno/npm/registry.npmjs.org/postgres/3.4.9/src/connection.js:460:17
7f66c0000200 40 JS:+claim file:///work/main/services/delivery/dispatcher.ts:90:3
`;

Deno.test("perf script lines are read; a header and a cut line are skipped", () => {
  const samples = parsePerfScript(SCRIPT);
  assert.equal(samples.length, 11);
  assert.deepEqual(samples[0], {
    pid: 4101,
    ip: 0x55e3e1a0b0c0n,
    symbol: "[unknown]",
    dso: "/usr/local/bin/deno",
  });
  assert.equal(samples[2]!.symbol.startsWith("JS:*'onStreamRead"), true);
  assert.equal(samples[8]!.dso, "[JIT] tid 6404");
});

Deno.test("a code map finds the range an address is in, and nothing between ranges", () => {
  const map = parseCodeMap(MAP);
  assert.equal(lookUp(map, 0x7f66dbdc0400n), "Builtin:DeoptimizationEntry_Lazy");
  assert.equal(lookUp(map, 0x7f66dbdc07fbn), "Builtin:DeoptimizationEntry_Lazy");
  assert.equal(lookUp(map, 0x7f66dbdc07fcn), undefined, "one past the end");
  assert.equal(lookUp(map, 0x7f66c0000090n), undefined, "between two ranges");
  assert.equal(lookUp(map, 0x7f66c000023fn)?.includes("claim"), true);
  assert.equal(lookUp(map, 0x1n), undefined, "before the first");
});

Deno.test("JavaScript names lose their tier mark and keep the function and its file", () => {
  assert.equal(
    jsName(
      "JS:~handle file:///root/.cache/deno/npm/registry.npmjs.org/postgres/3.4.9/src/connection.js:460:17",
    ),
    "handle npm:postgres/3.4.9/src/connection.js",
  );
  assert.equal(
    jsName("JS:+claim file:///work/main/services/delivery/dispatcher.ts:90:3"),
    "claim services/delivery/dispatcher.ts",
  );
  assert.equal(
    jsName("JS:*'onStreamRead ext:deno_node/internal/stream_base_commons.ts:1:3147"),
    "onStreamRead ext:deno_node/internal/stream_base_commons.ts",
  );
});

Deno.test("samples are told apart by kind of code; the map wins over the binary", () => {
  const map = parseCodeMap(MAP);
  const [runtime, builtin, js, kernel, libc, model, postgres, vector, jit, jvm] = parsePerfScript(
    SCRIPT,
  );
  const area = (s: typeof runtime, m: typeof map | undefined) => classifySample(s!, m).area;
  assert.equal(area(runtime, map), "runtime");
  assert.equal(area(builtin, map), "V8 builtins", "a builtin V8 mapped from the deno binary");
  assert.equal(area(builtin, undefined), "runtime", "without the map, the binary's offset");
  assert.equal(area(js, map), "JavaScript");
  assert.equal(area(js, undefined), "JIT, unnamed");
  assert.equal(classifySample(js!, undefined).name.startsWith("onStreamRead"), true);
  assert.equal(area(kernel, map), "kernel");
  assert.equal(area(libc, map), "libc");
  assert.equal(area(model, map), "model");
  assert.equal(area(postgres, map), "postgres");
  assert.equal(area(vector, map), "postgres", "an extension is Postgres's code");
  assert.equal(area(jit, undefined), "JIT, unnamed");
  assert.equal(area(jvm, undefined), "JVM");
});

Deno.test("a split counts each group's samples by area, leaves idle out, and ranks names", () => {
  const maps = new Map([[4101, parseCodeMap(MAP)]]);
  const groups: Record<number, string> = { 4101: "delivery (deno)", 4202: "embedding (deno)" };
  const split = splitSamples(parsePerfScript(SCRIPT), {
    groupOf: (pid) => groups[pid] ?? "other",
    mapOf: (pid) => maps.get(pid),
    frequency: 5,
    seconds: 2,
    topN: 2,
  });
  assert.equal(split.samples, 11, "idle counts in the window's samples");
  assert.deepEqual(split.groups.map((g) => [g.group, g.samples]), [
    ["delivery (deno)", 5],
    ["other", 4],
    ["embedding (deno)", 1],
  ]);
  const delivery = split.groups[0]!;
  assert.equal(delivery.areas.runtime, 1);
  assert.equal(delivery.areas["V8 builtins"], 1);
  assert.equal(delivery.areas.JavaScript, 1);
  assert.equal(delivery.areas.kernel, 1);
  assert.equal(delivery.areas.libc, 1);
  assert.equal(delivery.top.length, 2);
  assert.equal(corePct(split, delivery.samples), 50, "5 samples of 10 a core-window");
});

Deno.test("the markdown shows only areas some group used and names the detailed groups' code", () => {
  const split = splitSamples(parsePerfScript(SCRIPT), {
    groupOf: (pid) => (pid === 4202 ? "embedding (deno)" : "postgres"),
    mapOf: () => undefined,
    frequency: 1,
    seconds: 1,
  });
  const md = perfMarkdown(split, (g) => g === "embedding (deno)");
  assert.match(md, /\| group \| % of a core \| model \|/);
  assert.doesNotMatch(md, /\| other \|/, "no sample was of other code");
  assert.match(md, /- embedding \(deno\): `\(libonnxruntime\.so\.1\)` \(model\) 100\.0%/);
  assert.doesNotMatch(md, /- postgres:/, "postgres is not among the detailed groups");
});

Deno.test("Postgres's processes are grouped by the pool that opened them, else by their kind", () => {
  assert.equal(
    postgresGroup({ applicationName: "delivery", backendType: "client backend" }),
    "postgres (delivery)",
  );
  assert.equal(
    postgresGroup({ applicationName: "chaos", backendType: "client backend" }),
    "postgres (the benchmark's polls and vacuums)",
  );
  assert.equal(
    postgresGroup({ applicationName: "", backendType: "walwriter" }),
    "postgres (walwriter)",
  );
});

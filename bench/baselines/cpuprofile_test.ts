import assert from "node:assert/strict";
import { areaOf, type CpuProfile, shortUrl, summariseProfile } from "./cpuprofile.ts";

const ROOT = "file:///work/main/";
const HONO = "file:///root/.cache/deno/npm/registry.npmjs.org/hono/4.13.19/dist/hono-base.js";
const EDGE = `${ROOT}services/edge/app.ts`;

const frame = (functionName: string, url = "", lineNumber = 0) => ({
  functionName,
  url,
  lineNumber,
  columnNumber: 0,
});

// root ─┬─ dispatch (hono) ─── handler (edge) ─── dispatch (hono, recursive)
//       ├─ (idle)
//       └─ (garbage collector)
const PROFILE: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame("(root)"), children: [2, 5, 6] },
    { id: 2, callFrame: frame("dispatch", HONO, 9), children: [3] },
    { id: 3, callFrame: frame("handler", EDGE, 41), children: [4] },
    { id: 4, callFrame: frame("dispatch", HONO, 9) },
    { id: 5, callFrame: frame("(idle)") },
    { id: 6, callFrame: frame("(garbage collector)") },
  ],
  startTime: 1000,
  endTime: 1000 + 10_000,
  // Samples at 2000, 3000, 4000, 5000, 6000, 8000; each lasts until the next (the last: to
  // the end, 11000).
  samples: [2, 3, 4, 5, 6, 3],
  timeDeltas: [1000, 1000, 1000, 1000, 1000, 2000],
};

Deno.test("summariseProfile charges self time to the sampled function and total to its stack", () => {
  const s = summariseProfile(PROFILE, { root: ROOT });
  assert.equal(s.samples, 6);
  assert.equal(s.sampledMs, 9); // 1+1+1+1+2+3
  assert.equal(s.busyMs, 8); // all but the (idle) millisecond
  assert.equal(s.gcMs, 2);
  const self = Object.fromEntries(s.topSelf.map((f) => [f.name, f.ms]));
  assert.deepEqual(self, { handler: 4, dispatch: 2, "(garbage collector)": 2 });
  const total = Object.fromEntries(s.topTotal.map((f) => [f.name, f.ms]));
  // dispatch is on the stack of samples 2, 3, 4 and the last: recursion counted once.
  assert.deepEqual(total, { dispatch: 6, handler: 5, "(garbage collector)": 2 });
  assert.equal(s.topSelf[0]!.location, "services/edge/app.ts:42");
  assert.equal(s.topSelf[0]!.pct, 50);
});

Deno.test("summariseProfile counts only samples inside the window", () => {
  const s = summariseProfile(PROFILE, { windowUs: [3500, 6500], root: ROOT });
  assert.equal(s.samples, 3); // at 4000, 5000, 6000
  assert.equal(s.sampledMs, 4);
  assert.equal(s.busyMs, 3);
  assert.deepEqual(s.topSelf.map((f) => [f.name, f.ms]), [
    ["(garbage collector)", 2],
    ["dispatch", 1],
  ]);
});

Deno.test("summariseProfile groups self time by area and limits the top lists", () => {
  const s = summariseProfile(PROFILE, { root: ROOT, top: 1 });
  assert.equal(s.topSelf.length, 1);
  assert.deepEqual(s.selfByArea.map((a) => [a.area, a.ms]), [
    ["services/edge", 4],
    ["npm:hono", 2],
    ["(native)", 2],
  ]);
});

Deno.test("shortUrl and areaOf name packages, runtime extensions and repository folders", () => {
  assert.equal(shortUrl(HONO, ROOT), "npm:hono@4.13.19/dist/hono-base.js");
  assert.equal(
    areaOf("file:///c/registry.npmjs.org/@hono/zod-openapi/1.6.3/dist/index.js"),
    "npm:@hono/zod-openapi",
  );
  assert.equal(areaOf("ext:deno_http/00_serve.ts"), "ext:deno_http");
  assert.equal(areaOf("node:buffer"), "node:buffer");
  assert.equal(areaOf(`${ROOT}shared/jobs/job.ts`, ROOT), "shared/jobs");
  assert.equal(areaOf(`${ROOT}main.ts`, ROOT), "main.ts");
  assert.equal(areaOf(""), "(native)");
});

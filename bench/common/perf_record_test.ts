import assert from "node:assert/strict";
import type { CpuSnapshot } from "./cpu.ts";
import { checkPerf, startPerfSession } from "./perf_record.ts";

// Stand-ins for `perf` (a shell script per case): what is tested is how the recording reads
// and reports what the program did, which a real `perf` cannot be made to fail at.
async function fakePerf(cases: string): Promise<{ program: string; dir: string }> {
  const dir = await Deno.makeTempDir({ prefix: "fake-perf-" });
  const program = `${dir}/perf`;
  await Deno.writeTextFile(program, `#!/bin/sh\ncase "$1" in\n${cases}\nesac\n`);
  await Deno.chmod(program, 0o755);
  return { program, dir };
}

// `perf record … -o <path> -- sleep <s>`: writes <path>, as perf does, and notes the path
// beside itself for the test to look at.
const RECORD_WRITES = `record) while [ "$1" != "-o" ]; do shift; done; echo data > "$2"
  echo "$2" > "$(dirname "$0")/recorded" ;;`;

const recordedPath = async (dir: string) => (await Deno.readTextFile(`${dir}/recorded`)).trim();

const exists = (path: string) => Deno.stat(path).then(() => true, () => false);

// A pid no process can have, so that no real code map is read for it.
const pidMax = Number(Deno.readTextFileSync("/proc/sys/kernel/pid_max").trim());
const SERVICE_PID = pidMax + 1;
const OTHER_PID = pidMax + 2;

const snapshot = (pid: number, group: string): CpuSnapshot => ({
  at: 0,
  procs: new Map([[pid, { group, command: "deno", ticks: 0, childTicks: 0 }]]),
  machine: { busy: 0, stolen: 0, total: 0 },
});

Deno.test("a missing perf fails the start with the reason and what to do", async () => {
  await assert.rejects(
    checkPerf("/nonexistent/perf"),
    /perf cannot sample this machine \(install linux-perf; run as root .*\): .*No such file/,
  );
});

Deno.test("a perf that cannot sample fails the start with what it printed", async () => {
  const { program, dir } = await fakePerf(
    `record) echo "Access to performance monitoring is limited" >&2; exit 255 ;;`,
  );
  try {
    await assert.rejects(
      checkPerf(program),
      /perf cannot sample this machine .*: Access to performance monitoring is limited$/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a failed perf record fails the window with perf's stderr", async () => {
  const { program, dir } = await fakePerf(
    `record) echo "failed to mmap with 12 (Cannot allocate memory)" >&2; exit 1 ;;`,
  );
  const session = await startPerfSession(program);
  try {
    await assert.rejects(
      session.record(0).split([]),
      /^Error: perf record failed: failed to mmap with 12 \(Cannot allocate memory\)$/,
    );
  } finally {
    await session.cleanUp();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a failed perf script fails the window, and its recording is removed", async () => {
  const { program, dir } = await fakePerf(
    `${RECORD_WRITES}\nscript) echo "incompatible file format" >&2; exit 1 ;;`,
  );
  const session = await startPerfSession(program);
  try {
    await assert.rejects(
      session.record(0).split([]),
      /^Error: perf script failed: incompatible file format$/,
    );
    assert.equal(await exists(await recordedPath(dir)), false);
  } finally {
    await session.cleanUp();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a window's samples are split by the groups of the snapshots and the names given", async () => {
  const { program, dir } = await fakePerf(`${RECORD_WRITES}
script) while [ "$1" != "-i" ]; do shift; done; [ -s "$2" ] || exit 1; cat <<OUT
  ${SERVICE_PID}      55e3e1a0b0c0 [unknown] (/usr/local/bin/deno)
  ${SERVICE_PID}      7f66c0000020 [unknown] (/usr/local/bin/deno)
  ${OTHER_PID}      55875f80fa0a heapgetpage (/usr/lib/postgresql/15/bin/postgres)
     0  ffffffff821f4dab pv_native_safe_halt ([kernel.kallsyms])
OUT
;;`);
  const mapPath = `/tmp/perf-${SERVICE_PID}.map`;
  await Deno.writeTextFile(
    mapPath,
    "7f66c0000000 80 JS:*claim file:///work/main/services/delivery/dispatcher.ts:90:3\n",
  );
  const session = await startPerfSession(program);
  try {
    const split = await session.record(1).split(
      [snapshot(SERVICE_PID, "delivery (deno)"), snapshot(OTHER_PID, "postgres")],
      new Map([[OTHER_PID, "postgres (delivery)"]]),
    );
    assert.equal(split.samples, 4, "idle is among the window's samples");
    assert.equal(split.seconds, 1);
    assert.deepEqual(split.groups.map((g) => [g.group, g.samples]), [
      ["delivery (deno)", 2],
      ["postgres (delivery)", 1],
    ]);
    const delivery = split.groups[0]!;
    assert.equal(delivery.areas.JavaScript, 1, "named through the process's code map");
    assert.equal(delivery.areas.runtime, 1);
    assert.ok(delivery.top.some((t) => t.name === "claim services/delivery/dispatcher.ts"));
    const recorded = await recordedPath(dir);
    assert.equal(await exists(recorded), false, "the recording is removed once split");
    const sessionDir = recorded.slice(0, recorded.lastIndexOf("/"));
    assert.equal(await exists(sessionDir), true);
    await session.cleanUp();
    assert.equal(await exists(sessionDir), false, "cleaning up removes the session's folder");
  } finally {
    await session.cleanUp();
    await Deno.remove(mapPath);
    await Deno.remove(dir, { recursive: true });
  }
});

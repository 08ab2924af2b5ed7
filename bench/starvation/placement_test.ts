import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";
import { ownDatabase } from "@hire/testing/own_database.ts";
import { placementSentence } from "./report.ts";
import {
  backendSide,
  pin,
  readPlacement,
  SERVICE_SIDES,
  splitCores,
  startPinning,
} from "./placement.ts";

/** The CPUs a process (or a Postgres backend) may run on, as the kernel lists them. */
async function allowedCpus(pid: number): Promise<string> {
  const status = await Deno.readTextFile(`/proc/${pid}/status`);
  return /^Cpus_allowed_list:\s*(\S+)$/m.exec(status)![1]!;
}

/** A process that sleeps until killed. */
function sleeper(): Deno.ChildProcess {
  return new Deno.Command("sleep", { args: ["60"], stdout: "null", stderr: "null" }).spawn();
}

const twoCores = navigator.hardwareConcurrency >= 2;

Deno.test("placement: shared unless split is asked for, and nothing else", () => {
  assert.equal(readPlacement(undefined), "shared");
  assert.equal(readPlacement(""), "shared");
  assert.equal(readPlacement("shared"), "shared");
  assert.equal(readPlacement("split"), "split");
  assert.throws(() => readPlacement("pinned"), /must be "shared" or "split", not "pinned"/);
});

Deno.test("placement: the API gets the first half of the cores, the pipeline the rest", () => {
  assert.deepEqual(splitCores(2), { api: "0", pipeline: "1" });
  assert.deepEqual(splitCores(3), { api: "0", pipeline: "1-2" });
  assert.deepEqual(splitCores(8), { api: "0-3", pipeline: "4-7" });
  assert.throws(() => splitCores(1), /at least 2 cores; this machine has 1/);
});

Deno.test("placement: the API's services and backends on its side, the pipeline's on the other", () => {
  assert.equal(SERVICE_SIDES.edge, "api");
  assert.equal(SERVICE_SIDES.job, "api");
  for (const s of ["embed", "match", "deliver", "site", "console"] as const) {
    assert.equal(SERVICE_SIDES[s], "pipeline", s);
  }
  assert.equal(backendSide("job"), "api");
  assert.equal(backendSide("chaos"), undefined, "the benchmark's own pool (vacuums) floats");
  assert.equal(backendSide("matching"), "pipeline");
  assert.equal(backendSide("psql"), undefined, "anyone else's backend is left alone");
  assert.equal(backendSide("constructor"), undefined, "an Object property is no pool name");
});

Deno.test("placement: the report says where the processes ran", () => {
  assert.match(placementSentence({ kind: "shared" }), /every core, as on one host/);
  const split = placementSentence({ kind: "split", sides: { api: "0", pipeline: "1" } });
  assert.match(split, /pinned to cores 0, the pipeline's .* to cores 1/);
});

Deno.test({
  name: "placement: pin moves every thread of a live process, says false for a gone one, " +
    "and throws on a list the machine refuses",
  ignore: !twoCores,
  fn: async () => {
    const child = sleeper();
    try {
      assert.equal(await pin(child.pid, "1"), true);
      assert.equal(await allowedCpus(child.pid), "1");
      await assert.rejects(pin(child.pid, "4096"), /taskset 4096/);
    } finally {
      child.kill("SIGKILL");
      await child.status;
    }
    assert.equal(await pin(child.pid, "0"), false);
  },
});

Deno.test({
  name: "placement: pinning puts services, the API's pids and Postgres backends on their sides",
  ignore: !twoCores,
  fn: async () => {
    const [edge, embed, broker] = [sleeper(), sleeper(), sleeper()];
    // A database of its own: only its backends are pinned, not other tests'.
    const db = await ownDatabase(TEST_DATABASE_URL);
    const sql = connect(db.url, { max: 1, name: "chaos" });
    const job = connect(db.url, { max: 1, name: "job" });
    const matching = connect(db.url, { max: 1, name: "matching" });
    try {
      const backend = async (pool: typeof sql) =>
        (await pool<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`)[0]!.pid;
      const [ownBackend, jobBackend, matchingBackend] = [
        await backend(sql),
        await backend(job),
        await backend(matching),
      ];
      const everyCore = await allowedCpus(ownBackend);
      // The fleet's other services are not running: their pids are none.
      const pids = { edge: edge.pid, embed: embed.pid } as Record<
        keyof typeof SERVICE_SIDES,
        number
      >;
      const pinning = startPinning(
        { sql, services: () => pids, apiPids: () => Promise.resolve([broker.pid]) },
        { api: "0", pipeline: "1" },
        50,
      );
      await pinning.round();
      await pinning.stop();
      assert.equal(await allowedCpus(edge.pid), "0");
      assert.equal(await allowedCpus(broker.pid), "0");
      assert.equal(await allowedCpus(embed.pid), "1");
      assert.equal(await allowedCpus(jobBackend), "0");
      assert.equal(await allowedCpus(matchingBackend), "1");
      assert.equal(await allowedCpus(ownBackend), everyCore, "the benchmark's own backend floats");
    } finally {
      for (const c of [edge, embed, broker]) {
        c.kill("SIGKILL");
        await c.status;
      }
      await sql.end();
      await job.end();
      await matching.end();
      await db.drop();
    }
  },
});

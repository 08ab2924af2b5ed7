/** Stopping a local broker: it is gone when the stop resolves, and only a broker is signalled. */
import assert from "node:assert/strict";
import { freePortRun } from "@hire/testing/ports.ts";
import {
  brokerAddress,
  brokerAnswers,
  brokerPid,
  ensureKafka,
  processAlive,
  stopKafka,
} from "./kafka.ts";

Deno.test("stopKafka resolves once the broker has exited, so a start after it starts a new one", async () => {
  const dir = await Deno.makeTempDir({ prefix: "kafka-stop-test-" });
  // Its port and its controller's, the next one.
  const broker = { dir: `${dir}/`, port: freePortRun(2) };
  try {
    await ensureKafka(broker);
    const pid = await brokerPid(broker);
    assert.ok(pid && await processAlive(pid), "the broker runs");
    await stopKafka(broker);
    assert.equal(await processAlive(pid), false, "the broker has exited");
    assert.equal(await brokerAnswers(brokerAddress(broker)), false);
    assert.equal(await brokerPid(broker), undefined, "its pid file is gone");
  } finally {
    await stopKafka(broker);
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("stopKafka signals no process but the folder's broker: a stale pid file is left alone", async () => {
  const dir = await Deno.makeTempDir({ prefix: "kafka-stale-pid-test-" });
  const broker = { dir: `${dir}/`, port: freePortRun(2) };
  try {
    // The pid a broker once had, taken since by another process: this test's own.
    await Deno.writeTextFile(`${dir}/kafka.pid`, String(Deno.pid));
    await stopKafka(broker);
    assert.equal(await brokerPid(broker), undefined, "the stale pid file is removed");
    // Still running: a SIGTERM would have ended this process.
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

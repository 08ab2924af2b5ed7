import assert from "node:assert/strict";
import { groupMembers, processGroup, startGroup } from "./system.ts";

/** The process group of `pid`. */
const groupOf = async (pid: number) => (await processGroup(pid)).pgrp;

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!await check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function withLog(fn: (logPath: string) => Promise<void>): Promise<void> {
  const logPath = await Deno.makeTempFile({ suffix: ".log" });
  try {
    await fn(logPath);
  } finally {
    await Deno.remove(logPath);
  }
}

Deno.test("startGroup: the group is the child's own from the spawn on, and stop ends all of it", async () => {
  await withLog(async (logPath) => {
    const group = await startGroup("sh", ["-c", "echo started; sleep 60 & sleep 60"], { logPath });
    // Read at once: the group must not be ours even before the child has run anything, or
    // stopping it would signal the benchmark itself.
    assert.equal(await groupOf(group.pgid), group.pgid);
    assert.notEqual(group.pgid, await groupOf(Deno.pid));
    await until(
      "the shell and its two sleeps",
      async () => (await groupMembers(group.pgid)).length >= 2,
    );

    await group.stop(1_000);
    assert.deepEqual(await groupMembers(group.pgid), []);
    assert.equal(group.hasExited(), true);
    assert.match(await Deno.readTextFile(logPath), /started/);
  });
});

Deno.test("startGroup: stop ends what the leader left running after it exited", async () => {
  await withLog(async (logPath) => {
    const group = await startGroup("sh", ["-c", "sleep 60 >/dev/null 2>&1 & exit 0"], { logPath });
    await until("the leader's exit", () => Promise.resolve(group.hasExited()));
    assert.equal((await groupMembers(group.pgid)).length, 1, "the sleep outlives its shell");

    await group.stop(1_000);
    assert.deepEqual(await groupMembers(group.pgid), []);
  });
});

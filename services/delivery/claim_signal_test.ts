import assert from "node:assert/strict";
import { type ClaimSignal, claimSignal } from "./claim_signal.ts";

/** "due" if `p` settles within `ms`, else "waiting". */
const within = (p: Promise<void>, ms: number) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    p.then(() => "due" as const),
    new Promise<"waiting">((r) => (timer = setTimeout(() => r("waiting"), ms))),
  ]).finally(() => clearTimeout(timer));
};

/** Runs `test` with a signal of `opts`, stopped after it whatever happens. */
async function withSignal(
  opts: Parameters<typeof claimSignal>[0],
  test: (signal: ClaimSignal) => Promise<void>,
): Promise<void> {
  const signal = claimSignal(opts);
  try {
    await test(signal);
  } finally {
    signal.stop();
  }
}

Deno.test("claim signal: the wakes within the gather make one claim", async () => {
  await withSignal({ pollMs: 600_000, gatherMs: 30, gathering: () => true }, async (signal) => {
    const first = signal.next();
    assert.equal(await within(first, 10), "waiting", "nothing woke it");
    signal.freed();
    signal.freed();
    signal.freed();
    assert.equal(await within(first, 5_000), "due");
    const second = signal.next();
    assert.equal(await within(second, 200), "waiting", "the three wakes were spent on one claim");
    signal.freed();
    assert.equal(await within(second, 5_000), "due");
  });
});

Deno.test("claim signal: a wake during a claim makes the next one due after the gather", async () => {
  await withSignal({ pollMs: 600_000, gatherMs: 0, gathering: () => true }, async (signal) => {
    signal.freed();
    assert.equal(await within(signal.next(), 5_000), "due");
  });
});

Deno.test("claim signal: without a wake the next claim is due after the poll", async () => {
  await withSignal({ pollMs: 20, gatherMs: 600_000, gathering: () => true }, async (signal) => {
    assert.equal(await within(signal.next(), 5_000), "due");
  });
});

Deno.test("claim signal: stopping lets a waiting claim go, and every later one", async () => {
  const signal = claimSignal({ pollMs: 600_000, gatherMs: 600_000, gathering: () => true });
  const waiting = signal.next();
  signal.freed();
  signal.stop();
  assert.equal(await within(waiting, 5_000), "due");
  assert.equal(await within(signal.next(), 5_000), "due");
});

Deno.test("claim signal: under a flow (not gathering) a wake claims at once", async () => {
  let gathering = false;
  const opts = { pollMs: 600_000, gatherMs: 600_000, gathering: () => gathering };
  await withSignal(opts, async (signal) => {
    const flow = signal.next();
    signal.freed();
    assert.equal(await within(flow, 5_000), "due", "no ten-minute gather");
    gathering = true;
    const trickle = signal.next();
    signal.freed();
    assert.equal(await within(trickle, 200), "waiting", "a trickle's wake waits for company");
  });
});

Deno.test("claim signal: new attempts claim at once, even while a trickle gathers", async () => {
  await withSignal(
    { pollMs: 600_000, gatherMs: 600_000, gathering: () => true },
    async (signal) => {
      const idle = signal.next();
      signal.queued();
      assert.equal(await within(idle, 5_000), "due", "no ten-minute gather for new attempts");
      // Queued while the loop was claiming: the next claim is due as soon as it turns.
      signal.queued();
      assert.equal(await within(signal.next(), 5_000), "due");
    },
  );
});

Deno.test("claim signal: new attempts cut a freed place's gather short", async () => {
  await withSignal(
    { pollMs: 600_000, gatherMs: 600_000, gathering: () => true },
    async (signal) => {
      const gathering = signal.next();
      signal.freed();
      assert.equal(await within(gathering, 100), "waiting", "a freed place waits for company");
      signal.queued();
      assert.equal(await within(gathering, 5_000), "due");
      // Spent on that claim: the next waits for a wake of its own.
      const after = signal.next();
      signal.freed();
      assert.equal(await within(after, 100), "waiting");
    },
  );
});

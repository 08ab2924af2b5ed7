import assert from "node:assert/strict";
import { createRequestCounter, type Lease, leaseSize } from "./request_leases.ts";

/**
 * A shared window as Postgres keeps it (grants never pass the limit), for counters standing
 * in for edges; `dbAhead` is how far the database's clock runs ahead of the local one.
 */
function sharedWindow(opts: { dbAhead?: number } = {}) {
  let local = Date.parse("2026-11-22T10:15:10Z");
  const state = { requests: 0, windowStart: Date.parse("2026-11-22T10:15:00Z"), leases: 0 };
  const lease = (_p: string, want: number, limit: number): Promise<Lease> => {
    state.leases++;
    const granted = Math.min(want, Math.max(0, limit - state.requests));
    state.requests += granted;
    return Promise.resolve({
      granted,
      requests: state.requests,
      windowStart: new Date(state.windowStart),
      jobsUsed: 7,
      now: new Date(local + (opts.dbAhead ?? 0)),
    });
  };
  return {
    state,
    lease,
    clock: () => local,
    advance(ms: number) {
      local += ms;
    },
    nextWindow() {
      state.windowStart += 60_000;
      state.requests = 0;
    },
  };
}

Deno.test("leaseSize: a fiftieth of the limit, between 1 and 100", () => {
  assert.equal(leaseSize(5), 1);
  assert.equal(leaseSize(60), 1);
  assert.equal(leaseSize(600), 12);
  assert.equal(leaseSize(3000), 60);
  assert.equal(leaseSize(1_000_000), 100);
});

Deno.test("a counter spends its lease locally and tops it up at half, before it runs out", async () => {
  const w = sharedWindow();
  const counter = createRequestCounter(w.lease, w.clock);
  const seen = [];
  for (let i = 0; i < 6; i++) seen.push(await counter.count("ptr_a", 600));
  assert.equal(w.state.leases, 1); // 12 leased, 6 left
  seen.push(await counter.count("ptr_a", 600));
  await Promise.resolve();
  assert.equal(w.state.leases, 2); // 5 left: topped up in the background
  for (let i = 7; i < 13; i++) seen.push(await counter.count("ptr_a", 600));
  assert.equal(w.state.leases, 2);
  // Remaining as this edge sees it: 600 minus everything granted but its unspent tokens.
  assert.deepEqual(seen.map((s) => s.requests), [...Array(13).keys()].map((i) => i + 1));
  assert.equal(seen[0]!.jobsUsed, 7);
});

Deno.test("edges sharing a window never let more than the limit through, in parallel", async () => {
  const w = sharedWindow();
  const edges = [createRequestCounter(w.lease, w.clock), createRequestCounter(w.lease, w.clock)];
  const answers = await Promise.all(
    Array.from({ length: 700 }, (_, i) => edges[i % 2]!.count("ptr_a", 600)),
  );
  const allowed = answers.filter((a) => a.requests <= 600).length;
  assert.equal(allowed, 600);
  assert.equal(w.state.requests, 600);
  // Once the window is used up, each edge refuses without asking Postgres again.
  const leases = w.state.leases;
  assert.ok((await edges[0]!.count("ptr_a", 600)).requests > 600);
  assert.equal(w.state.leases, leases);
});

Deno.test("a lease held by one edge may leave another refused early, by what that edge holds", async () => {
  const w = sharedWindow();
  const a = createRequestCounter(w.lease, w.clock);
  const b = createRequestCounter(w.lease, w.clock);
  await a.count("ptr_a", 100); // a leases 2 (a fiftieth of 100) and spends 1
  let allowedB = 0;
  for (let i = 0; i < 200; i++) if ((await b.count("ptr_a", 100)).requests <= 100) allowedB++;
  assert.equal(allowedB, 100 - leaseSize(100));
});

Deno.test("a new window starts afresh; the window ends by the database's clock", async () => {
  const w = sharedWindow({ dbAhead: 2000 });
  const counter = createRequestCounter(w.lease, w.clock);
  for (let i = 0; i < 5; i++) await counter.count("ptr_a", 5);
  assert.ok((await counter.count("ptr_a", 5)).requests > 5);
  // The database is 2 s ahead: its window ends 48 s after local 10:15:10, not 50 s.
  w.advance(47_500);
  assert.ok((await counter.count("ptr_a", 5)).requests > 5);
  w.advance(600);
  w.nextWindow();
  const fresh = await counter.count("ptr_a", 5);
  assert.equal(fresh.requests, 1);
  assert.equal(fresh.windowStart.toISOString(), "2026-11-22T10:16:00.000Z");
});

Deno.test("a plan change takes a new lease at once; a failed lease fails the request", async () => {
  const w = sharedWindow();
  const counter = createRequestCounter(w.lease, w.clock);
  for (let i = 0; i < 5; i++) await counter.count("ptr_a", 5);
  assert.ok((await counter.count("ptr_a", 5)).requests > 5);
  assert.equal((await counter.count("ptr_a", 8)).requests, 6);

  const failing = createRequestCounter(() => Promise.reject(new Error("db down")), w.clock);
  await assert.rejects(failing.count("ptr_b", 5), /db down/);
});

Deno.test("noteJobsUsed: later answers report the fresher monthly count", async () => {
  const w = sharedWindow();
  const counter = createRequestCounter(w.lease, w.clock);
  await counter.count("ptr_a", 600);
  counter.noteJobsUsed("ptr_a", 9);
  assert.equal((await counter.count("ptr_a", 600)).jobsUsed, 9);
});

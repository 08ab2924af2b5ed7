import assert from "node:assert/strict";
import { waitUntil } from "@hire/testing/wait.ts";
import { startReadiness } from "./readiness.ts";

/** A check whose outcome the test sets, counting its probes. */
function switchable() {
  const check = {
    probes: 0,
    outcome: "ok" as "ok" | "fail" | "hang",
    run(): Promise<void> {
      check.probes++;
      if (check.outcome === "ok") return Promise.resolve();
      if (check.outcome === "fail") return Promise.reject(new Error("down"));
      return new Promise(() => {});
    },
  };
  return check;
}

Deno.test("readiness reads cost no probe: one probe per check however often it is read", async () => {
  const db = switchable();
  const broker = switchable();
  const readiness = startReadiness({ db: db.run, broker: broker.run }, { intervalMs: 60_000 });
  try {
    await readiness.checked();
    for (let i = 0; i < 1000; i++) {
      assert.deepEqual(readiness.current(), { db: "ok", broker: "ok" });
    }
    assert.equal(db.probes, 1);
    assert.equal(broker.probes, 1);
  } finally {
    readiness.stop();
  }
});

Deno.test("readiness is unavailable until the first probe answers", async () => {
  let answer!: () => void;
  const readiness = startReadiness({
    db: () => new Promise<void>((resolve) => answer = resolve),
  }, { intervalMs: 60_000 });
  try {
    assert.deepEqual(readiness.current(), { db: "unavailable" });
    answer();
    await readiness.checked();
    assert.deepEqual(readiness.current(), { db: "ok" });
  } finally {
    readiness.stop();
  }
});

Deno.test("readiness follows a dependency going down and coming back", async () => {
  const db = switchable();
  const readiness = startReadiness({ db: db.run }, { intervalMs: 10 });
  try {
    await readiness.checked();
    db.outcome = "fail";
    await waitUntil(
      "db unavailable",
      () => Promise.resolve(readiness.current().db === "unavailable" || undefined),
      { intervalMs: 5 },
    );
    db.outcome = "ok";
    await waitUntil("db ok", () => Promise.resolve(readiness.current().db === "ok" || undefined), {
      intervalMs: 5,
    });
  } finally {
    readiness.stop();
  }
});

Deno.test("readiness counts a probe that hangs as unavailable and never stacks probes on it", async () => {
  const db = switchable();
  const readiness = startReadiness({ db: db.run }, { intervalMs: 10, timeoutMs: 30 });
  try {
    await readiness.checked();
    db.outcome = "hang";
    const before = db.probes;
    // Marked unavailable only after the timeout, i.e. several ticks into the hanging probe.
    await waitUntil(
      "db unavailable",
      () => Promise.resolve(readiness.current().db === "unavailable" || undefined),
      { intervalMs: 5 },
    );
    assert.equal(db.probes, before + 1, "no second probe while one is running");
  } finally {
    readiness.stop();
  }
});

import assert from "node:assert/strict";
import type { Sql } from "@hire/db";
import { healthRoutes, startEdgeReadiness } from "./health.ts";

// Stand-ins for Postgres and Kafka that count what they are asked: the property under test
// is that a hit asks them nothing.
function counted() {
  const asked = { postgres: 0, kafka: 0 };
  const sql = (() => (asked.postgres++, Promise.resolve([]))) as unknown as Sql;
  let kafkaUp = true;
  const queueProbe = {
    check: () => (asked.kafka++, kafkaUp ? Promise.resolve() : Promise.reject(new Error("down"))),
  };
  return { asked, sql, queueProbe, setKafka: (up: boolean) => void (kafkaUp = up) };
}

Deno.test("/readyz answers from the background probe: a thousand hits cost no query", async () => {
  const deps = counted();
  const readiness = startEdgeReadiness(deps);
  try {
    await readiness.checked();
    const app = healthRoutes({ readiness });
    for (let i = 0; i < 1000; i++) {
      const res = await app.request("/readyz");
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), {
        status: "ready",
        checks: { postgres: "ok", kafka: "ok" },
      });
    }
    assert.deepEqual(deps.asked, { postgres: 1, kafka: 1 }, "only the first probe ran");
  } finally {
    readiness.stop();
  }
});

Deno.test("/readyz names what its last probe could not reach", async () => {
  const deps = counted();
  deps.setKafka(false);
  const readiness = startEdgeReadiness(deps);
  try {
    await readiness.checked();
    const res = await healthRoutes({ readiness }).request("/readyz");
    assert.equal(res.status, 503);
    assert.deepEqual(await res.json(), {
      status: "unavailable",
      checks: { postgres: "ok", kafka: "unavailable" },
    });
  } finally {
    readiness.stop();
  }
});

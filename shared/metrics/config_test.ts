import assert from "node:assert/strict";
import { parseConfig } from "@hire/config";
import { z } from "zod";
import { metricsEnv } from "./config.ts";

const schema = z.object(metricsEnv);

Deno.test("metricsEnv: off and on loopback by default; a port turns it on", () => {
  assert.deepEqual(parseConfig(schema, {}), { METRICS_HOSTNAME: "127.0.0.1" });
  assert.deepEqual(parseConfig(schema, { METRICS_PORT: "9464", METRICS_HOSTNAME: "0.0.0.0" }), {
    METRICS_PORT: 9464,
    METRICS_HOSTNAME: "0.0.0.0",
  });
});

Deno.test("metricsEnv: a port that is not one is a start-up error", () => {
  for (const port of ["abc", "0", "70000", "1.5"]) {
    assert.throws(() => parseConfig(schema, { METRICS_PORT: port }), /METRICS_PORT/, port);
  }
});

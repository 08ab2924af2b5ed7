import assert from "node:assert/strict";
import { ConfigError } from "@hire/config";
import { loadDeliveryConfig } from "./config.ts";

Deno.test("config: one partner may have 32 attempts in flight by default, a quarter of a process", () => {
  const cfg = loadDeliveryConfig({});
  assert.equal(cfg.DELIVERY_PARTNER_MAX_IN_FLIGHT, 32);
  assert.equal(cfg.DELIVERY_CONCURRENCY, 128);
});

Deno.test("config: a partner's cap at or above the process's concurrency is a start-up error", () => {
  assert.throws(
    () => loadDeliveryConfig({ DELIVERY_CONCURRENCY: "8", DELIVERY_PARTNER_MAX_IN_FLIGHT: "8" }),
    (err: unknown) =>
      err instanceof ConfigError &&
      err.problems.some((p) => p.startsWith("DELIVERY_PARTNER_MAX_IN_FLIGHT: must be below")),
  );
  const ok = loadDeliveryConfig({ DELIVERY_CONCURRENCY: "8", DELIVERY_PARTNER_MAX_IN_FLIGHT: "7" });
  assert.equal(ok.DELIVERY_PARTNER_MAX_IN_FLIGHT, 7);
});

Deno.test("config: a wake waits 10 ms for company before its claim by default; 0 claims at once; below 0 is refused", () => {
  assert.equal(loadDeliveryConfig({}).DELIVERY_CLAIM_GATHER_MS, 10);
  assert.equal(loadDeliveryConfig({ DELIVERY_CLAIM_GATHER_MS: "0" }).DELIVERY_CLAIM_GATHER_MS, 0);
  assert.throws(
    () => loadDeliveryConfig({ DELIVERY_CLAIM_GATHER_MS: "-1" }),
    (err: unknown) =>
      err instanceof ConfigError &&
      err.problems.some((p) => p.startsWith("DELIVERY_CLAIM_GATHER_MS")),
  );
});

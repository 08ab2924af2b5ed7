import assert from "node:assert/strict";
import { claimScaleTable } from "./report.ts";

const stats = (p50: number, p95: number) => ({ count: 300, p50, p95, p99: p95, max: p95 });

Deno.test("claimScaleTable gives each count of idle webhooks its claim against the point query, and the poll's cancel", () => {
  const [header, , row] = claimScaleTable([
    {
      idle: 10000,
      claimMs: stats(2.5, 4.25),
      pointQueryMs: stats(0.25, 0.4),
      cancelMs: stats(0.5, 0.6),
      webhookRowsRead: { claim: 7, cancel: 10001 },
    },
  ]).split("\n");
  assert.match(header!, /idle webhooks \| claim p50 ms \| claim p95 ms \| point query p50 ms/);
  assert.equal(row, "| 10,000 | 2.50 | 4.25 | 0.25 | 10.0× | 7 | 0.50 | 10,001 |");
});

import assert from "node:assert/strict";
import { outboxClaimTable } from "./report.ts";

const stats = (p50: number, max: number) => ({ count: 5, p50, p95: max, p99: max, max });

Deno.test("outboxClaimTable gives each depth its claim against the page read", () => {
  const [header, , row] = outboxClaimTable([
    { depth: 40000, claimMs: stats(1.5, 2.25), pageReadMs: stats(0.5, 0.75), pagesRead: 1230 },
  ]).split("\n");
  assert.match(header!, /rows queued \| claim p50 ms \| claim max ms \| page read p50 ms/);
  assert.equal(row, "| 40,000 | 1.50 | 2.25 | 0.50 | 3.0× | 1,230 |");
});

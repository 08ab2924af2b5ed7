import assert from "node:assert/strict";
import { purgeScaleTable } from "./report.ts";

Deno.test("purgeScaleTable gives each log size its purges against the bare delete", () => {
  const [header, , row] = purgeScaleTable([{
    events: 32000,
    logRowsPurged: 32000,
    logMs: 85.25,
    eventsPurged: 16000,
    eventsMs: 250,
    logPagesRead: 70000,
    bareRowsDeleted: 16000,
    bareMs: 12.5,
  }]).split("\n");
  assert.match(header!, /events \| log rows purged \| log purge ms \| events purged/);
  assert.equal(row, "| 32,000 | 32,000 | 85.3 | 16,000 | 250 | 12.5 | 20.0× | 70,000 |");
});

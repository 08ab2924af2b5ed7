import assert from "node:assert/strict";
import { encodeCursor, newId, parseCursor } from "@hire/ids";
import {
  olderQuery,
  parseDeliveryFilters,
  parseRecoverSince,
  parseRiyadhDateTime,
  riyadhDateTimeInput,
} from "./delivery_filters.ts";

Deno.test("an empty form filters nothing", () => {
  const parsed = parseDeliveryFilters({ outcome: "", event_type: "", from: "", lang: "ar" });
  assert.deepEqual(parsed.filters, {});
  assert.deepEqual(parsed.problems, []);
});

Deno.test("outcome, type and event id narrow the log", () => {
  const eventId = newId("evt");
  const parsed = parseDeliveryFilters({
    outcome: "failed",
    event_type: "job.matched",
    event_id: ` ${eventId} `,
  });
  assert.deepEqual(parsed.filters, { outcome: "failed", eventType: "job.matched", eventId });
  assert.deepEqual(parsed.values.event_id, eventId);
});

Deno.test("dates are Riyadh days, the last one included", () => {
  const parsed = parseDeliveryFilters({ from: "2026-03-01", to: "2026-03-01" });
  assert.deepEqual(parsed.filters.createdAfter, new Date("2026-02-28T21:00:00Z"));
  assert.deepEqual(parsed.filters.createdBefore, new Date("2026-03-01T21:00:00Z"));
  assert.deepEqual(parsed.problems, []);
});

Deno.test("values off the lists, days that do not exist and bad cursors are refused by field", () => {
  const parsed = parseDeliveryFilters({
    outcome: "exploded",
    event_type: "job.archived",
    event_id: "dlv_01J9Z3ABCDEFGHJKMNPQRSTVWX",
    from: "2026-02-30",
    to: "yesterday",
    cursor: "not-a-cursor",
  });
  assert.deepEqual(parsed.filters, {});
  assert.deepEqual(parsed.problems.map((p) => `${p.field}:${p.code}`), [
    "outcome:invalid",
    "event_type:invalid",
    "event_id:invalid",
    "from:invalid",
    "to:invalid",
    "cursor:invalid",
  ]);
});

Deno.test("a last day before the first is a range problem", () => {
  const parsed = parseDeliveryFilters({ from: "2026-03-02", to: "2026-03-01" });
  assert.deepEqual(parsed.problems, [{ field: "to", code: "range" }]);
});

Deno.test("the older link keeps the filters and carries the last entry's position", () => {
  const id = newId("dlv");
  const createdAt = new Date("2026-03-01T10:00:00.123Z");
  const parsed = parseDeliveryFilters({
    outcome: "failed",
    to: "2026-03-05",
    cursor: encodeCursor({ createdAt: new Date(), id: newId("dlv") }),
  });
  const query = new URLSearchParams(olderQuery(parsed.values, { created_at: createdAt, id }));
  assert.deepEqual([...query.keys()], ["outcome", "to", "cursor"]);
  assert.deepEqual(parseCursor(query.get("cursor")!, "dlv"), { createdAt, id });
});

Deno.test("a datetime-local value is Riyadh time, and back", () => {
  assert.deepEqual(parseRiyadhDateTime("2026-03-01T14:30"), new Date("2026-03-01T11:30:00Z"));
  assert.deepEqual(parseRiyadhDateTime("2026-03-01T00:15:09"), new Date("2026-02-28T21:15:09Z"));
  assert.deepEqual(riyadhDateTimeInput(new Date("2026-02-28T21:15:09Z")), "2026-03-01T00:15");
  for (const bad of ["", "2026-03-01", "2026-02-30T10:00", "2026-03-01T24:00", "soon"]) {
    assert.deepEqual(parseRiyadhDateTime(bad), undefined, bad);
  }
});

Deno.test("recover reaches back at most the log's 30 days, and not into the future", () => {
  const now = new Date("2026-03-31T09:00:00Z");
  assert.deepEqual(parseRecoverSince("2026-03-01T12:00", now), new Date("2026-03-01T09:00:00Z"));
  assert.equal(parseRecoverSince("2026-03-01T11:59", now), undefined);
  assert.equal(parseRecoverSince("2026-03-31T12:01", now), undefined);
  assert.equal(parseRecoverSince("last week", now), undefined);
});

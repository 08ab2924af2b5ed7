import assert from "node:assert/strict";
import { encodeCursor } from "@hire/ids";
import { jobsHref, parseJobsQuery } from "./jobs_query.ts";

const position = {
  createdAt: new Date("2026-11-24T10:00:00.123Z"),
  id: "job_01JD6Z3V2W7C9K8M4N5P6Q7R8S",
};
const cursor = encodeCursor(position);

Deno.test("parseJobsQuery reads a status, all jobs, and a cursor the list issued", () => {
  assert.deepEqual(parseJobsQuery({}), { filter: undefined });
  assert.deepEqual(parseJobsQuery({ status: "" }), { filter: undefined });
  assert.deepEqual(parseJobsQuery({ status: "paused" }), { filter: "paused" });
  assert.deepEqual(parseJobsQuery({ status: "deleted" }), { filter: "deleted" });
  assert.deepEqual(parseJobsQuery({ status: "closed", cursor }), {
    filter: "closed",
    after: position,
  });
});

Deno.test("parseJobsQuery refuses an unknown status and any cursor the list did not issue", () => {
  const refused = [
    { status: "Active" },
    { status: "archived" },
    { status: "active " },
    { cursor: "" },
    { cursor: "not-a-cursor" },
    { cursor: "%%%" },
    { cursor: encodeCursor({ ...position, id: "wh_01JD6Z3V2W7C9K8M4N5P6Q7R8S" }) },
    { cursor: btoa(JSON.stringify(["yesterday", position.id])) },
  ];
  for (const q of refused) assert.equal(parseJobsQuery(q), undefined, JSON.stringify(q));
});

Deno.test("jobsHref writes the filter and cursor the list reads back", () => {
  assert.equal(jobsHref({}), "/jobs");
  assert.equal(jobsHref({ filter: "active" }), "/jobs?status=active");
  const href = new URL(jobsHref({ filter: "deleted", cursor }), "http://console.invalid");
  assert.deepEqual(
    parseJobsQuery({
      status: href.searchParams.get("status") ?? undefined,
      cursor: href.searchParams.get("cursor") ?? undefined,
    }),
    { filter: "deleted", after: position },
  );
});

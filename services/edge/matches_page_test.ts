import assert from "node:assert/strict";
import { encodeBase64Url, encodeCursor, newId } from "@hire/ids";
import type { JobMatchRow } from "@hire/tables";
import { decodeCursor } from "./cursor.ts";
import { decodeMatchCursor, encodeMatchCursor, matchPage } from "./matches_page.ts";
import { ApiError, problemBody } from "./problem.ts";

const JOB = "job_01HXYZ0000000000000000000A";
const OTHER_JOB = "job_01HXYZ0000000000000000000B";
const SEEKER = "seek_01HXYZ0000000000000000000C";
const ARABIC_LETTER = /\p{Script=Arabic}/u;

/** base64url of the UTF-8 text, as a cursor would be built by hand. */
const b64 = (text: string) => encodeBase64Url(new TextEncoder().encode(text));

/** Asserts that `cursor` is refused for `jobId`'s listing with the lists' bilingual 422. */
function assertRefused(cursor: string, jobId = JOB): void {
  assert.throws(
    () => decodeMatchCursor(cursor, jobId),
    (err: unknown) => {
      assert.ok(err instanceof ApiError, `expected an ApiError, got ${err}`);
      assert.equal(err.status, 422);
      const body = problemBody(err, "req_1", "https://jobs.example.sa");
      assert.equal(body.code, "partner.validation_failed");
      assert.match(body.message, /\w/);
      assert.match(body.messageAr, ARABIC_LETTER);
      assert.equal(body.errors?.length, 1);
      const [e] = body.errors!;
      assert.equal(e!.field, "/query/cursor");
      assert.equal(e!.code, "invalid_cursor");
      assert.match(e!.message, /next_cursor/);
      assert.match(e!.messageAr, ARABIC_LETTER);
      return true;
    },
    `cursor ${JSON.stringify(cursor)} should be refused`,
  );
}

const row = (seekerId: string, at: string): JobMatchRow => ({
  seeker_id: seekerId,
  score: 0.72,
  event_id: newId("evt"),
  matched_at: new Date(at),
});

Deno.test("a match cursor round-trips the millisecond time and the seeker id of its job", () => {
  for (const t of [0, 1, 999, 1_700_000_000_001, Date.UTC(2099, 11, 31, 23, 59, 59, 999)]) {
    for (const seekerId of [SEEKER, newId("seek")]) {
      const cursor = encodeMatchCursor(JOB, { matchedAt: new Date(t), seekerId });
      assert.match(cursor, /^[A-Za-z0-9_-]+$/);
      const decoded = decodeMatchCursor(cursor, JOB);
      assert.equal(decoded.matchedAt.getTime(), t);
      assert.equal(decoded.seekerId, seekerId);
    }
  }
});

Deno.test("a match cursor is refused by another job's listing", () => {
  const cursor = encodeMatchCursor(JOB, { matchedAt: new Date(0), seekerId: SEEKER });
  assertRefused(cursor, OTHER_JOB);
});

Deno.test("a cursor of the jobs list or the delivery log is refused by a match listing", () => {
  assertRefused(encodeCursor({ createdAt: new Date(0), id: JOB }));
  assertRefused(encodeCursor({ createdAt: new Date(0), id: newId("dlv") }));
});

Deno.test("a match cursor is refused by the jobs list and the delivery log", () => {
  const cursor = encodeMatchCursor(JOB, { matchedAt: new Date(0), seekerId: SEEKER });
  for (const prefix of ["job", "dlv", "seek"] as const) {
    assert.throws(() => decodeCursor(cursor, prefix), (err: unknown) => {
      assert.ok(err instanceof ApiError);
      assert.equal(err.opts.errors?.[0]?.code, "invalid_cursor");
      return true;
    });
  }
});

Deno.test("a match cursor refuses garbage, other shapes, other ids and inexact times", () => {
  const at = "2025-03-01T10:20:30.456Z";
  for (
    const cursor of [
      "",
      "garbage",
      "!!!!",
      b64("not json"),
      b64("null"),
      b64(JSON.stringify([JOB, at])),
      b64(JSON.stringify([JOB, at, SEEKER, "extra"])),
      b64(JSON.stringify([at, SEEKER, JOB])),
      b64(JSON.stringify([JOB, at, "seek_1"])),
      b64(JSON.stringify([JOB, at, JOB])),
      b64(JSON.stringify([JOB, Date.parse(at), SEEKER])),
      b64(JSON.stringify([JOB, "2025-03-01T10:20:30Z", SEEKER])),
      b64(JSON.stringify([JOB, "not a date", SEEKER])),
    ]
  ) assertRefused(cursor);
  // The same with the exact form is accepted: the cases above fail for their own reason.
  assert.equal(decodeMatchCursor(b64(JSON.stringify([JOB, at, SEEKER])), JOB).seekerId, SEEKER);
});

Deno.test("matchPage shows each pair with created_at in UTC and a cursor after the last", () => {
  const rows = [
    row("seek_01HXYZ0000000000000000000E", "2025-03-01T10:20:30.456+03:00"),
    row(SEEKER, "2025-03-01T07:20:30.456Z"),
  ];
  const page = matchPage(JOB, rows, true);
  assert.deepEqual(page.data.map((m) => [m.seeker_id, m.created_at, m.event_id, m.score]), [
    ["seek_01HXYZ0000000000000000000E", "2025-03-01T07:20:30.456Z", rows[0]!.event_id, 0.72],
    [SEEKER, "2025-03-01T07:20:30.456Z", rows[1]!.event_id, 0.72],
  ]);
  assert.equal(page.has_more, true);
  const after = decodeMatchCursor(page.next_cursor!, JOB);
  assert.deepEqual(after, { matchedAt: rows[1]!.matched_at, seekerId: SEEKER });
});

Deno.test("matchPage's last page, and an empty one, have no cursor", () => {
  assert.deepEqual(
    matchPage(JOB, [row(SEEKER, "2025-03-01T07:20:30.456Z")], false).next_cursor,
    null,
  );
  assert.deepEqual(matchPage(JOB, [], false), { data: [], next_cursor: null, has_more: false });
});

import assert from "node:assert/strict";
import { newId } from "@hire/ids";
import { encodeBase64Url } from "@hire/ids";
import { decodeCursor, encodeCursor } from "./cursor.ts";
import { ApiError } from "./problem.ts";

/** base64url of the UTF-8 text, as a cursor would be built by hand. */
const b64 = (text: string) => encodeBase64Url(new TextEncoder().encode(text));

/** Asserts that decoding `cursor` throws the 422 invalid_cursor problem. */
function assertInvalid(cursor: string): void {
  assert.throws(
    () => decodeCursor(cursor, "job"),
    (err: unknown) => {
      assert.ok(err instanceof ApiError, `expected an ApiError, got ${err}`);
      assert.equal(err.code, "partner.validation_failed");
      assert.equal(err.status, 422);
      assert.equal(err.opts.errors?.length, 1);
      assert.equal(err.opts.errors?.[0]?.field, "/query/cursor");
      assert.equal(err.opts.errors?.[0]?.code, "invalid_cursor");
      return true;
    },
    `cursor ${JSON.stringify(cursor)} should be refused`,
  );
}

Deno.test("cursor round trip preserves the millisecond timestamp and the id", () => {
  const position = {
    createdAt: new Date("2025-03-01T10:20:30.456Z"),
    id: "job_01HXYZ0000000000000000000A",
  };
  const decoded = decodeCursor(encodeCursor(position), "job");
  assert.equal(decoded.createdAt.getTime(), position.createdAt.getTime());
  assert.equal(decoded.createdAt.toISOString(), "2025-03-01T10:20:30.456Z");
  assert.equal(decoded.id, "job_01HXYZ0000000000000000000A");
});

Deno.test("cursor decoding refuses an id that is not a job id", () => {
  assertInvalid(encodeCursor({ createdAt: new Date(0), id: "wh_01HXYZ0000000000000000000A" }));
  assertInvalid(encodeCursor({ createdAt: new Date(0), id: "anything" }));
});

Deno.test("cursor round trip holds for many timestamps and ids", () => {
  const times = [0, 1, 999, 1_700_000_000_001, Date.UTC(2099, 11, 31, 23, 59, 59, 999)];
  const ids = [newId("job"), newId("job"), "job_01J00000000000000000000000"];
  for (const t of times) {
    for (const id of ids) {
      const decoded = decodeCursor(encodeCursor({ createdAt: new Date(t), id }), "job");
      assert.equal(decoded.createdAt.getTime(), t);
      assert.equal(decoded.id, id);
    }
  }
});

Deno.test("cursor encoding is opaque base64url without padding", () => {
  const cursor = encodeCursor({ createdAt: new Date("2025-03-01T10:20:30.456Z"), id: "job_1" });
  assert.match(cursor, /^[A-Za-z0-9_-]+$/);
  assert.ok(!cursor.includes("2025"), "the timestamp should not be readable in the cursor");
});

Deno.test("cursor decoding refuses garbage", () => {
  for (const cursor of ["", "x", "garbage", "A", "AAAAA"]) assertInvalid(cursor);
});

Deno.test("cursor decoding refuses characters outside base64url", () => {
  const valid = encodeCursor({ createdAt: new Date(0), id: "job_1" });
  for (const cursor of ["!!!!", `${valid}=`, `${valid}+`, `${valid}/`, `${valid} `, "ab.cd"]) {
    assertInvalid(cursor);
  }
});

Deno.test("cursor decoding refuses valid base64url of text that is not JSON", () => {
  for (const text of ["not json", "[2025-01-01", "{'a':1}", "\u0000\u0001"]) {
    assertInvalid(b64(text));
  }
});

Deno.test("cursor decoding refuses JSON of the wrong shape", () => {
  for (
    const json of [
      "null",
      "{}",
      '{"0":"2025-01-01T00:00:00.000Z","1":"job_1"}',
      "[]",
      '["2025-01-01T00:00:00.000Z"]',
      '["2025-01-01T00:00:00.000Z",42]',
      '[1735689600000,"job_1"]',
      '[null,"job_1"]',
      "42",
      "true",
    ]
  ) {
    assertInvalid(b64(json));
  }
});

Deno.test("cursor decoding refuses an invalid date", () => {
  for (const at of ["not a date", "2025-13-45T99:99:99Z", ""]) {
    assertInvalid(b64(JSON.stringify([at, "job_1"])));
  }
});

Deno.test({
  name: "cursor decoding refuses arrays of the wrong length and bare JSON strings",
  fn() {
    assertInvalid(b64('["2025-01-01T00:00:00.000Z","job_1","extra"]'));
    assertInvalid(b64('"1a"'));
  },
});

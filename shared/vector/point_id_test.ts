import assert from "node:assert/strict";
import { newId } from "@hire/ids";
import { pointIdOf, ulidToUuid, uuidToUlid } from "./point_id.ts";

Deno.test("ulidToUuid gives the published UUID of the ULID spec's example", () => {
  // The same 128 bits as other ULID↔UUID converters print them (e.g. .NET and Go ports).
  assert.equal(ulidToUuid("01ARZ3NDEKTSV4RRFFQ69G5FAV"), "01563e3a-b5d3-d676-4c61-efb99302bd5b");
});

Deno.test("ulidToUuid maps the smallest and largest ULIDs to the smallest and largest UUIDs", () => {
  assert.equal(ulidToUuid("00000000000000000000000000"), "00000000-0000-0000-0000-000000000000");
  assert.equal(ulidToUuid("00000000000000000000000001"), "00000000-0000-0000-0000-000000000001");
  assert.equal(ulidToUuid("7ZZZZZZZZZZZZZZZZZZZZZZZZZ"), "ffffffff-ffff-ffff-ffff-ffffffffffff");
});

Deno.test("uuidToUlid inverts ulidToUuid for freshly issued ids", () => {
  for (let i = 0; i < 200; i++) {
    const ulid = newId("job").slice("job_".length);
    assert.equal(uuidToUlid(ulidToUuid(ulid)), ulid);
  }
  assert.equal(uuidToUlid("01563E3A-B5D3-D676-4C61-EFB99302BD5B"), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
});

Deno.test("pointIdOf gives distinct ids for distinct ids issued in the same millisecond", () => {
  // Monotonic ULIDs of one millisecond differ only in their last bits: the worst case.
  const ids = Array.from({ length: 1000 }, () => newId("seek"));
  const points = new Set(ids.map(pointIdOf));
  assert.equal(points.size, ids.length);
  for (const p of points) assert.match(p, /^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/);
});

Deno.test("pointIdOf drops the prefix, so job_X and seek_X share a point id in different collections", () => {
  assert.equal(
    pointIdOf("job_01ARZ3NDEKTSV4RRFFQ69G5FAV"),
    pointIdOf("seek_01ARZ3NDEKTSV4RRFFQ69G5FAV"),
  );
});

Deno.test("non-canonical ULIDs and malformed ids are rejected rather than mapped", () => {
  for (
    const bad of [
      "01arz3ndektsv4rrffq69g5fav", // lower case would alias the upper-case id
      "01ARZ3NDEKTSV4RRFFQ69G5FAI", // I is not in Crockford's alphabet
      "81ARZ3NDEKTSV4RRFFQ69G5FAV", // more than 128 bits
      "01ARZ3NDEKTSV4RRFFQ69G5FA", // too short
    ]
  ) assert.throws(() => ulidToUuid(bad), /canonical ULID/);
  assert.throws(() => pointIdOf("01ARZ3NDEKTSV4RRFFQ69G5FAV"), /<prefix>_<ulid>/);
  assert.throws(() => pointIdOf("job_123"), /canonical ULID/);
  assert.throws(() => uuidToUlid("not-a-uuid"), /not a UUID/);
});

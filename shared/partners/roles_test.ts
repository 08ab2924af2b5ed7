import assert from "node:assert/strict";
import { can, normaliseEmail, USER_ROLES } from "./roles.ts";

Deno.test("can: viewers read, developers manage the integration, admins also manage users", () => {
  const table = USER_ROLES.map((r) => [
    r,
    can(r, "read"),
    can(r, "manage_integration"),
    can(r, "manage_users"),
  ]);
  assert.deepEqual(table, [
    ["viewer", true, false, false],
    ["developer", true, true, false],
    ["admin", true, true, true],
  ]);
});

Deno.test("normaliseEmail trims and lower-cases an address, and refuses what is not one", () => {
  assert.equal(normaliseEmail("  Sara@Example.SA "), "sara@example.sa");
  for (
    const bad of [
      "",
      "sara",
      "sara@",
      "@example.sa",
      "a b@example.sa",
      "sara@example",
      "x@y.z\n<script>",
    ]
  ) {
    assert.equal(normaliseEmail(bad), undefined, bad);
  }
  assert.equal(normaliseEmail(`${"a".repeat(250)}@x.sa`), undefined);
});

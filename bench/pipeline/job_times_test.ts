import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { newId } from "@hire/ids";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";
import { jobTimes } from "./pipeline.ts";

Deno.test("jobTimes takes more ids than a statement takes parameters (a soak that fell behind)", async () => {
  const sql = connect(TEST_DATABASE_URL, { max: 1, name: "test-job-times" });
  try {
    const ids = Array.from({ length: 70_000 }, () => newId("job"));
    assert.deepEqual(await jobTimes(sql, ids), []);
  } finally {
    await sql.end();
  }
});

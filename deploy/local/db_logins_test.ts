import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { ensureLogins, loginOf, urlAs } from "./db_logins.ts";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";

const url = TEST_DATABASE_URL;

Deno.test("urlAs puts another user and password in a URL, escaped, and keeps the rest", () => {
  assert.equal(
    urlAs(
      "postgres://postgres@127.0.0.1:5432/hire?sslmode=disable",
      "hire_edge_login",
      "p@ss/w:rd",
    ),
    "postgres://hire_edge_login:p%40ss%2Fw%3Ard@127.0.0.1:5432/hire?sslmode=disable",
  );
  assert.equal(
    urlAs("postgres://owner:secret@db:5432/hire", "hire_site_login"),
    "postgres://hire_site_login@db:5432/hire",
  );
});

Deno.test("ensureLogins makes a login that acts as its group; again, it changes only the password", async () => {
  const group = `dl${crypto.randomUUID().slice(0, 8)}`;
  const login = loginOf(group);
  const owner = connect(url, { max: 1, name: "logins-test" });
  const verifier = async () => {
    const [row] = await owner<{ v: string | null }[]>`
      SELECT rolpassword AS v FROM pg_authid WHERE rolname = ${login}`;
    return row?.v;
  };
  try {
    await owner.unsafe(`CREATE ROLE ${group} NOLOGIN`);
    await ensureLogins(owner, [{ role: group, password: "first-password-0123" }]);
    const first = await verifier();
    assert.match(first ?? "", /^SCRAM-SHA-256\$/);
    await ensureLogins(owner, [{ role: group, password: "second-password-0123" }]);
    const second = await verifier();
    assert.match(second ?? "", /^SCRAM-SHA-256\$/);
    assert.notEqual(second, first);

    const session = connect(urlAs(url, login, "second-password-0123"), { max: 1, name: login });
    try {
      const [who] = await session<{ current_user: string; session_user: string }[]>`
        SELECT current_user, session_user`;
      assert.deepEqual({ ...who }, { current_user: group, session_user: login });
    } finally {
      await session.end();
    }
    await ensureLogins(owner, [{ role: group }]);
    assert.equal(await verifier(), null);
  } finally {
    await owner.unsafe(`DROP ROLE IF EXISTS ${login}`);
    await owner.unsafe(`DROP ROLE IF EXISTS ${group}`);
    await owner.end();
  }
});

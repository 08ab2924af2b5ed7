import assert from "node:assert/strict";
import { z } from "zod";
import { ConfigError, parseConfig } from "./mod.ts";
import { databaseTarget, databaseUrlVar } from "./database_url.ts";

Deno.test("databaseTarget: a URL without a host parameter is read as it is", () => {
  const url = "postgres://app:secret@db.internal:6432/hire?sslmode=require";
  assert.deepEqual(databaseTarget(url), { url });
});

Deno.test("databaseTarget: libpq's host parameter names the socket's directory and leaves the URL", () => {
  const target = databaseTarget(
    "postgres://hire_job_login@localhost:5433/hire?host=/var/run/postgresql&application_name=x",
  );
  assert.equal(target.socketDir, "/var/run/postgresql");
  // The rest stays for postgres.js: user, port (the socket file's name), database, settings.
  assert.equal(target.url, "postgres://hire_job_login@localhost:5433/hire?application_name=x");
  // Percent-encoded, as some tools write it.
  assert.equal(
    databaseTarget("postgres://u@localhost/db?host=%2Fcloudsql%2Fp%3Ar%3Ai").socketDir,
    "/cloudsql/p:r:i",
  );
});

Deno.test("databaseTarget: a host parameter that is not an absolute directory is refused", () => {
  for (const host of ["db.internal", "var/run/postgresql", ""]) {
    assert.throws(
      () => databaseTarget(`postgres://u@localhost/db?host=${host}`),
      /host parameter must be the absolute path of a socket's directory/,
      host,
    );
  }
});

Deno.test("DATABASE_URL with a host parameter that is no directory stops the start-up, by name", () => {
  const schema = z.object({ DATABASE_URL: databaseUrlVar("postgres://postgres@127.0.0.1/hire") });
  assert.equal(
    parseConfig(schema, { DATABASE_URL: "postgres://u@localhost/db?host=/run/pg" }).DATABASE_URL,
    "postgres://u@localhost/db?host=/run/pg",
  );
  assert.throws(
    () => parseConfig(schema, { DATABASE_URL: "postgres://u@localhost/db?host=db.internal" }),
    (err: unknown) =>
      err instanceof ConfigError &&
      err.problems.some((p) => p.startsWith("DATABASE_URL: ") && p.includes('"db.internal"')),
  );
});

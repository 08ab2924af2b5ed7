/**
 * The database the tests use (`DATABASE_URL`, as `deno task test` sets it, else the local
 * cluster's `hire_test`); tests that need one of their own make it beside this one.
 * @module
 */
export const TEST_DATABASE_URL = Deno.env.get("DATABASE_URL") ??
  "postgres://postgres@127.0.0.1:5432/hire_test";

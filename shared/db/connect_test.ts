import assert from "node:assert/strict";
import { connect, connectConsumer, isDbUnavailable } from "./connect.ts";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";

const withCode = (code: string) => Object.assign(new Error(code), { code });

Deno.test("isDbUnavailable: a connection refused, reset, closed under a write or timed out is an outage", () => {
  for (
    const code of [
      "ECONNREFUSED",
      "ECONNRESET",
      "EPIPE",
      "ECONNABORTED",
      "CONNECTION_CLOSED",
      "CONNECT_TIMEOUT",
      "ERR_STREAM_DESTROYED",
      "ERR_SOCKET_CLOSED",
      "57P01",
      "53300",
    ]
  ) assert.equal(isDbUnavailable(withCode(code)), true, code);
  assert.equal(isDbUnavailable(new Deno.errors.BrokenPipe()), true);
  assert.equal(isDbUnavailable(new Deno.errors.ConnectionReset()), true);
});

Deno.test("isDbUnavailable: a refused statement, a constraint or anything not an Error is not", () => {
  assert.equal(isDbUnavailable(withCode("42601")), false); // syntax_error
  assert.equal(isDbUnavailable(withCode("23505")), false); // unique_violation
  assert.equal(isDbUnavailable(new TypeError("x is undefined")), false);
  assert.equal(isDbUnavailable("ECONNREFUSED"), false);
  assert.equal(isDbUnavailable({ code: "ECONNREFUSED" }), false);
});

Deno.test("isDbUnavailable: a server that is not there, as postgres.js reports it", async () => {
  // A port just freed: nothing listens on it.
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  const sql = connect(`postgres://postgres@127.0.0.1:${port}/none`, { max: 1, connectTimeout: 2 });
  try {
    const err = await sql`SELECT 1`.then(() => undefined, (e: unknown) => e);
    assert.ok(err, "the query failed");
    assert.equal(isDbUnavailable(err), true, String(err));
  } finally {
    await sql.end({ timeout: 0 });
  }
});

Deno.test("a pool sends array parameters as arrays from its first statement, whatever their elements", async () => {
  const sql = connect(
    TEST_DATABASE_URL,
    {
      max: 1,
      name: "connect-arrays-test",
    },
  );
  try {
    // Before any statement, so before postgres.js has read the server's array types.
    assert.equal(typeof sql.options.serializers[1009], "function");
    const texts = ["a,b", 'c"d', "e\\f", null, "NULL", "{g}", ""];
    // Pipelined in a transaction opened on a new connection: sent behind postgres.js's own read
    // of the types, when a statement took its array for a plain string.
    const [[t], [n]] = await sql.begin((tx) =>
      Promise.all([
        tx<{ v: string }[]>`SELECT array_to_json(${texts}::text[])::text AS v`,
        tx<{ v: string }[]>`SELECT array_to_json(${[1, null, 3]}::int[])::text AS v`,
      ])
    );
    assert.deepEqual(JSON.parse(t!.v), texts);
    assert.deepEqual(JSON.parse(n!.v), [1, null, 3]);
  } finally {
    await sql.end();
  }
});

/** How often the lookup by `= ANY` below was planned for its values and for any values. */
async function plansOfLookup(open: typeof connect) {
  const sql = open(TEST_DATABASE_URL, { max: 1, name: "connect-plans-test" });
  try {
    // More runs than the five after which Postgres weighs a plan for any values.
    for (let i = 0; i < 8; i++) {
      await sql`SELECT oid FROM pg_class WHERE relname = ANY(${[`t${i}`]}::text[])`;
    }
    // This read is a prepared statement too, and its own pattern would match it: pick the lookup
    // by what only the lookup holds.
    const plans = await sql<{ generic: number; custom: number }[]>`
      SELECT generic_plans::int AS generic, custom_plans::int AS custom
      FROM pg_prepared_statements
      WHERE statement LIKE '%FROM pg_class%' AND statement NOT LIKE '%pg_prepared_statements%'`;
    assert.equal(plans.length, 1, "the lookup was prepared once on its connection");
    return plans[0];
  } finally {
    await sql.end();
  }
}

Deno.test("a consumer's pool runs a statement on one plan for any values, where Postgres alone replans a lookup by = ANY on every call", async () => {
  assert.deepEqual(await plansOfLookup(connect), { generic: 0, custom: 8 });
  assert.deepEqual(await plansOfLookup(connectConsumer), { generic: 8, custom: 0 });
});

// The test server's socket, when it has one on this machine (a local cluster does).
async function testServerSocket(): Promise<string | undefined> {
  const sql = connect(TEST_DATABASE_URL, { max: 1, name: "connect-socket-probe" });
  try {
    const [row] = await sql<{ dirs: string; port: string }[]>`
      SELECT current_setting('unix_socket_directories') AS dirs, current_setting('port') AS port`;
    for (const dir of row!.dirs.split(",").map((d) => d.trim())) {
      const found = await Deno.stat(`${dir}/.s.PGSQL.${row!.port}`).then(() => true, () => false);
      if (found) return dir;
    }
    return undefined;
  } finally {
    await sql.end();
  }
}
const socketDir = await testServerSocket();

Deno.test({
  name: "a pool connects over the Unix socket libpq's host parameter names",
  ignore: socketDir === undefined,
  async fn() {
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set("host", socketDir!);
    const sql = connect(url.toString(), { max: 1, name: "connect-socket-test" });
    try {
      // Over a socket the server has no client address; over TCP it would be 127.0.0.1.
      const [row] = await sql<{ addr: string | null; db: string }[]>`
        SELECT inet_client_addr()::text AS addr, current_database() AS db`;
      assert.equal(row!.addr, null);
      assert.equal(row!.db, decodeURIComponent(url.pathname.slice(1)));
    } finally {
      await sql.end();
    }
  },
});

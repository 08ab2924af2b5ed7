import assert from "node:assert/strict";
import { z } from "zod";
import {
  boolVar,
  commonEnv,
  ConfigError,
  durationVar,
  intVar,
  nonNegativeIntVar,
  parseConfig,
} from "./mod.ts";

// Topic-name variables are declared by @hire/topology; its names_test.ts parses them.
const schema = z.object({ ...commonEnv, TIMEOUT_MS: intVar(5_000) });

Deno.test("parseConfig applies the defaults to an empty environment", () => {
  assert.deepEqual(parseConfig(schema, {}), {
    HIRE_ENV: "development",
    DATABASE_URL: "postgres://postgres@127.0.0.1:5432/hire",
    KAFKA_BROKERS: ["127.0.0.1:9092"],
    KAFKA_CLIENT_ID: "hire",
    LOG_LEVEL: "info",
    PUBLIC_BASE_URL: "http://localhost:8080",
    SITE_BASE_URL: "http://localhost:8081",
    CONSOLE_BASE_URL: "http://localhost:8082",
    TIMEOUT_MS: 5_000,
  });
});

Deno.test("parseConfig treats undefined variables as absent", () => {
  const cfg = parseConfig(schema, { LOG_LEVEL: undefined, TIMEOUT_MS: undefined });
  assert.equal(cfg.LOG_LEVEL, "info");
  assert.equal(cfg.TIMEOUT_MS, 5_000);
});

Deno.test("parseConfig keeps values that are set", () => {
  const cfg = parseConfig(schema, {
    DATABASE_URL: "postgres://app:secret@db.internal:6432/hire_prod",
    KAFKA_CLIENT_ID: "edge",
    LOG_LEVEL: "debug",
    TIMEOUT_MS: "2500",
  });
  assert.equal(cfg.DATABASE_URL, "postgres://app:secret@db.internal:6432/hire_prod");
  assert.equal(cfg.KAFKA_CLIENT_ID, "edge");
  assert.equal(cfg.LOG_LEVEL, "debug");
  assert.equal(cfg.TIMEOUT_MS, 2_500);
});

Deno.test("parseConfig splits KAFKA_BROKERS on commas, trimming and dropping empty parts", () => {
  assert.deepEqual(parseConfig(schema, { KAFKA_BROKERS: "k1:9092" }).KAFKA_BROKERS, ["k1:9092"]);
  assert.deepEqual(
    parseConfig(schema, { KAFKA_BROKERS: " k1:9092 , k2:9092,,k3:9093, " }).KAFKA_BROKERS,
    ["k1:9092", "k2:9092", "k3:9093"],
  );
});

Deno.test("parseConfig strips trailing slashes of the base URLs", () => {
  for (
    const [input, expected] of [
      ["https://jobs.example.sa/", "https://jobs.example.sa"],
      ["https://jobs.example.sa///", "https://jobs.example.sa"],
      ["https://example.sa/jobs-site/", "https://example.sa/jobs-site"],
      ["https://jobs.example.sa", "https://jobs.example.sa"],
    ]
  ) {
    assert.equal(parseConfig(schema, { PUBLIC_BASE_URL: input }).PUBLIC_BASE_URL, expected, input);
    assert.equal(parseConfig(schema, { SITE_BASE_URL: input }).SITE_BASE_URL, expected, input);
    const console = parseConfig(schema, { CONSOLE_BASE_URL: input }).CONSOLE_BASE_URL;
    assert.equal(console, expected, input);
  }
});

Deno.test("parseConfig throws a ConfigError listing every invalid variable at once", () => {
  assert.throws(
    () =>
      parseConfig(schema, {
        DATABASE_URL: "not a url",
        LOG_LEVEL: "verbose",
        KAFKA_CLIENT_ID: "ok",
      }),
    (err: unknown) => {
      assert.ok(err instanceof ConfigError, `expected a ConfigError, got ${err}`);
      assert.equal(err.name, "ConfigError");
      assert.equal(err.problems.length, 2);
      assert.ok(err.problems.some((p) => p.startsWith("DATABASE_URL: ")), err.problems.join());
      assert.ok(err.problems.some((p) => p.startsWith("LOG_LEVEL: ")), err.problems.join());
      assert.match(err.message, /DATABASE_URL/);
      assert.match(err.message, /LOG_LEVEL/);
      assert.doesNotMatch(err.message, /KAFKA_CLIENT_ID/);
      return true;
    },
  );
});

Deno.test("HIRE_ENV is development or production, and nothing else", () => {
  assert.equal(parseConfig(schema, { HIRE_ENV: "production" }).HIRE_ENV, "production");
  for (const value of ["prod", "Production", "staging", ""]) {
    assert.throws(
      () => parseConfig(schema, { HIRE_ENV: value }),
      (err: unknown) => err instanceof ConfigError && err.problems[0]!.startsWith("HIRE_ENV: "),
      value,
    );
  }
});

Deno.test("parseConfig refuses a non-positive or non-integer intVar", () => {
  for (const value of ["0", "-5", "1.5", "abc"]) {
    assert.throws(
      () => parseConfig(schema, { TIMEOUT_MS: value }),
      (err: unknown) =>
        err instanceof ConfigError && err.problems.length === 1 &&
        err.problems[0]!.startsWith("TIMEOUT_MS: "),
      value,
    );
  }
});

Deno.test("a nonNegativeIntVar takes 0 (off) and refuses negative or fractional values", () => {
  const windowSchema = z.object({ WINDOW_MS: nonNegativeIntVar(20) });
  assert.equal(parseConfig(windowSchema, {}).WINDOW_MS, 20);
  assert.equal(parseConfig(windowSchema, { WINDOW_MS: "0" }).WINDOW_MS, 0);
  for (const value of ["-1", "2.5", "soon"]) {
    assert.throws(
      () => parseConfig(windowSchema, { WINDOW_MS: value }),
      (err: unknown) => err instanceof ConfigError && err.problems[0]!.startsWith("WINDOW_MS: "),
      value,
    );
  }
});

Deno.test("parseConfig refuses an empty KAFKA_BROKERS and an invalid PUBLIC_BASE_URL", () => {
  assert.throws(
    () => parseConfig(schema, { KAFKA_BROKERS: "", PUBLIC_BASE_URL: "jobs.example.sa" }),
    (err: unknown) => {
      assert.ok(err instanceof ConfigError);
      assert.deepEqual(err.problems.map((p) => p.split(":")[0]).sort(), [
        "KAFKA_BROKERS",
        "PUBLIC_BASE_URL",
      ]);
      return true;
    },
  );
});

Deno.test({
  name: "parseConfig refuses a KAFKA_BROKERS that lists no broker",
  fn() {
    for (const value of [" ", ",", " , "]) {
      assert.throws(() => parseConfig(schema, { KAFKA_BROKERS: value }), ConfigError, value);
    }
  },
});

Deno.test("boolVar reads true/false (and 1/0) and refuses anything else", () => {
  const flags = z.object({ ON: boolVar(false) });
  assert.equal(parseConfig(flags, {}).ON, false);
  assert.equal(parseConfig(flags, { ON: "true" }).ON, true);
  assert.equal(parseConfig(flags, { ON: "1" }).ON, true);
  assert.equal(parseConfig(flags, { ON: "false" }).ON, false);
  assert.throws(() => parseConfig(flags, { ON: "yes" }), ConfigError);
});

Deno.test("durationVar reads ms, s, m and h as milliseconds and refuses other forms", () => {
  const d = z.object({ T: durationVar("10s") });
  assert.equal(parseConfig(d, {}).T, 10_000);
  assert.equal(parseConfig(d, { T: "500ms" }).T, 500);
  assert.equal(parseConfig(d, { T: "5m" }).T, 300_000);
  assert.equal(parseConfig(d, { T: "2h" }).T, 7_200_000);
  for (const bad of ["10", "0s", "-1s", "1.5s", "10 seconds"]) {
    assert.throws(() => parseConfig(d, { T: bad }), ConfigError, bad);
  }
});

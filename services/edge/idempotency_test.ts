import assert from "node:assert/strict";
import { parseIdempotencyKey, requestFingerprint } from "./idempotency.ts";
import { ApiError } from "./problem.ts";

const PATH = "/v1/partner/jobs";

Deno.test("requestFingerprint is a 64-character hex SHA-256", async () => {
  const fp = await requestFingerprint("POST", PATH, { title: "Engineer" });
  assert.match(fp, /^[0-9a-f]{64}$/);
  assert.equal(await requestFingerprint("POST", PATH, { title: "Engineer" }), fp);
});

Deno.test("requestFingerprint ignores the order of top-level keys", async () => {
  const a = await requestFingerprint("POST", PATH, { title: "Engineer", city: "Riyadh", n: 1 });
  const b = await requestFingerprint("POST", PATH, { n: 1, city: "Riyadh", title: "Engineer" });
  assert.equal(a, b);
});

Deno.test("requestFingerprint ignores the order of nested keys, also inside arrays", async () => {
  const a = await requestFingerprint("POST", PATH, {
    job: { title: "Engineer", salary: { min: 1, max: 2 } },
    jobs: [{ a: 1, b: { c: 3, d: 4 } }],
  });
  const b = await requestFingerprint("POST", PATH, {
    jobs: [{ b: { d: 4, c: 3 }, a: 1 }],
    job: { salary: { max: 2, min: 1 }, title: "Engineer" },
  });
  assert.equal(a, b);
});

Deno.test("requestFingerprint differs for different bodies", async () => {
  const bodies: unknown[] = [
    { title: "Engineer" },
    { title: "Engineer " },
    { title: "engineer" },
    { title: "Engineer", city: "Riyadh" },
    { salary_min: 1 },
    { salary_min: "1" },
    { salary_min: null },
    {},
    [],
    null,
    [1, 2],
    [2, 1],
    { job: { title: "Engineer" } },
    { job: { title: "Manager" } },
  ];
  const fps = await Promise.all(bodies.map((b) => requestFingerprint("POST", PATH, b)));
  assert.equal(new Set(fps).size, bodies.length, "every distinct body has its own fingerprint");
});

Deno.test("requestFingerprint differs for different methods", async () => {
  const body = { title: "Engineer" };
  const post = await requestFingerprint("POST", `${PATH}/job_1`, body);
  const patch = await requestFingerprint("PATCH", `${PATH}/job_1`, body);
  const put = await requestFingerprint("PUT", `${PATH}/job_1`, body);
  assert.notEqual(post, patch);
  assert.notEqual(patch, put);
  assert.notEqual(post, put);
});

Deno.test("requestFingerprint differs for different paths", async () => {
  const body = { status: "paused" };
  const a = await requestFingerprint("PATCH", `${PATH}/job_1`, body);
  const b = await requestFingerprint("PATCH", `${PATH}/job_2`, body);
  const c = await requestFingerprint("PATCH", "/v1/partner/jobs/bulk", body);
  assert.equal(new Set([a, b, c]).size, 3);
});

Deno.test("requestFingerprint keeps the fields of method, path and body apart", async () => {
  // Shifting text between the parts must not produce the same fingerprint.
  const a = await requestFingerprint("POST", "/a", "b");
  const b = await requestFingerprint("POST", "/ab", "");
  const c = await requestFingerprint("POST/", "a", "b");
  assert.equal(new Set([a, b, c]).size, 3);
});

/** Asserts that `value` is refused with a 422 naming the Idempotency-Key header. */
function assertRefused(value: string): void {
  assert.throws(
    () => parseIdempotencyKey(value),
    (err: unknown) => {
      assert.ok(err instanceof ApiError, `expected an ApiError, got ${err}`);
      assert.equal(err.code, "partner.validation_failed");
      assert.equal(err.status, 422);
      assert.equal(err.opts.errors?.length, 1);
      const [e] = err.opts.errors ?? [];
      assert.equal(e?.field, "/headers/Idempotency-Key");
      assert.equal(e?.code, "invalid_format");
      assert.ok(e?.message);
      assert.match(e?.messageAr ?? "", /\p{Script=Arabic}/u);
      return true;
    },
    `${JSON.stringify(value.slice(0, 40))} (${value.length} chars) should be refused`,
  );
}

Deno.test("parseIdempotencyKey accepts a UUID and returns it unchanged", () => {
  const uuid = crypto.randomUUID();
  assert.equal(parseIdempotencyKey(uuid), uuid);
  assert.equal(
    parseIdempotencyKey("0F8FAD5B-D9CB-469F-A165-70867728950E"),
    "0F8FAD5B-D9CB-469F-A165-70867728950E",
  );
});

Deno.test("parseIdempotencyKey returns undefined when the header is absent", () => {
  assert.equal(parseIdempotencyKey(undefined), undefined);
});

Deno.test("parseIdempotencyKey accepts 1 and 255 visible ASCII characters", () => {
  assert.equal(parseIdempotencyKey("a"), "a");
  assert.equal(parseIdempotencyKey("k".repeat(255)), "k".repeat(255));
  assert.equal(parseIdempotencyKey("!~order:42/retry#1"), "!~order:42/retry#1");
});

Deno.test("parseIdempotencyKey refuses an empty key", () => {
  assertRefused("");
});

Deno.test("parseIdempotencyKey refuses a 256-character key", () => {
  assertRefused("k".repeat(256));
});

Deno.test("parseIdempotencyKey refuses spaces, control characters and non-ASCII", () => {
  for (
    const value of [
      "has space",
      " lead",
      "trail ",
      "tab\tkey",
      "nl\n",
      "\x7f",
      "ключ",
      "مفتاح",
      "é",
    ]
  ) {
    assertRefused(value);
  }
});

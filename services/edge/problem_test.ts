import assert from "node:assert/strict";
import { type ErrorCode, ERRORS, fieldError } from "@hire/errors";
import { ApiError, problemBody, problemResponse, RETRY_AFTER_SECONDS } from "./problem.ts";

const TYPE_BASE = "https://api.example.sa";
const REQUEST_ID = "req_01HXYZ";
const CODES = Object.keys(ERRORS) as ErrorCode[];

Deno.test("ApiError has an HTTP error status for every code of ERRORS", () => {
  assert.ok(CODES.length > 0);
  for (const code of CODES) {
    const status = new ApiError(code).status;
    assert.equal(typeof status, "number", code);
    assert.ok(Number.isInteger(status) && status >= 400 && status <= 599, `${code} → ${status}`);
  }
});

Deno.test("ApiError maps the main codes to their spec statuses", () => {
  const expected: Partial<Record<ErrorCode, number>> = {
    "partner.unauthorized": 401,
    "partner.forbidden": 403,
    "partner.not_found": 404,
    "partner.method_not_allowed": 405,
    "partner.validation_failed": 422,
    "partner.malformed_json": 400,
    "partner.idempotency_in_progress": 409,
    "partner.unavailable": 503,
    "partner.internal_error": 500,
  };
  for (const [code, status] of Object.entries(expected)) {
    assert.equal(new ApiError(code as ErrorCode).status, status, code);
  }
});

Deno.test("ApiError is an Error named ApiError carrying its code", () => {
  const err = new ApiError("partner.not_found");
  assert.ok(err instanceof Error);
  assert.equal(err.name, "ApiError");
  assert.equal(err.code, "partner.not_found");
  assert.equal(err.message, "partner.not_found");
});

Deno.test("problemBody has the RFC 9457 fields plus code, messages and request_id", () => {
  for (const code of CODES) {
    const body = problemBody(new ApiError(code), REQUEST_ID, TYPE_BASE);
    const text = ERRORS[code];
    assert.deepEqual(body, {
      type: `${TYPE_BASE}/docs/errors#${code}`,
      title: text.title,
      status: new ApiError(code).status,
      detail: text.message,
      code,
      message: text.message,
      messageAr: text.messageAr,
      request_id: REQUEST_ID,
    }, code);
    assert.ok(body.title.length > 0 && body.message.length > 0 && body.messageAr.length > 0);
    assert.match(body.messageAr, /\p{Script=Arabic}/u, code);
  }
});

Deno.test("problemBody uses an explicit detail and carries field errors", () => {
  const errors = [fieldError("/title", "required")];
  const body = problemBody(
    new ApiError("partner.validation_failed", { detail: "title is missing", errors }),
    REQUEST_ID,
    TYPE_BASE,
  );
  assert.equal(body.detail, "title is missing");
  assert.equal(body.message, ERRORS["partner.validation_failed"].message);
  assert.deepEqual(body.errors, errors);
});

Deno.test("problemBody leaves errors out when there are none", () => {
  const body = problemBody(new ApiError("partner.not_found"), REQUEST_ID, TYPE_BASE);
  assert.ok(!("errors" in body));
});

Deno.test("problemResponse is application/problem+json with the status and the body", async () => {
  const errors = [fieldError("/salary_max", "salary_range")];
  const err = new ApiError("partner.validation_failed", { errors });
  const res = problemResponse(err, REQUEST_ID, TYPE_BASE);
  assert.equal(res.status, 422);
  assert.equal(res.headers.get("content-type"), "application/problem+json");
  assert.equal(res.headers.get("retry-after"), null);
  assert.deepEqual(await res.json(), problemBody(err, REQUEST_ID, TYPE_BASE));
});

Deno.test("problemResponse of a 503 carries Retry-After", async () => {
  const res = problemResponse(new ApiError("partner.unavailable"), REQUEST_ID, TYPE_BASE);
  assert.equal(res.status, 503);
  assert.equal(res.headers.get("retry-after"), String(RETRY_AFTER_SECONDS));
  assert.ok(RETRY_AFTER_SECONDS > 0);
  assert.equal(res.headers.get("content-type"), "application/problem+json");
  const body = await res.json();
  assert.equal(body.code, "partner.unavailable");
  assert.equal(body.status, 503);
});

Deno.test("problemResponse applies a 405 error's headers option", async () => {
  const err = new ApiError("partner.method_not_allowed", { headers: { Allow: "GET, POST" } });
  const res = problemResponse(err, REQUEST_ID, TYPE_BASE);
  assert.equal(res.status, 405);
  assert.equal(res.headers.get("allow"), "GET, POST");
  assert.equal(res.headers.get("content-type"), "application/problem+json");
  assert.equal((await res.json()).code, "partner.method_not_allowed");
});

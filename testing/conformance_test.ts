import assert from "node:assert/strict";
import { appSettings, loadEdgeConfig } from "@hire/edge-service/config.ts";
import { buildOpenApiDocument } from "@hire/edge-service/openapi/document.ts";
import { createConformanceChecker, type ObservedResponse } from "./conformance.ts";

const check = createConformanceChecker(
  buildOpenApiDocument({ ...appSettings(loadEdgeConfig({})), decisions: "" }),
);

const JOB_ID = "job_01ARZ3NDEKTSV4RRFFQ69G5FAV";
const REQUEST_ID = "req_01ARZ3NDEKTSV4RRFFQ69G5FAV";
const JOB = {
  id: JOB_ID,
  title: "Backend Engineer",
  description: "Build things.",
  city: "Riyadh",
  employment_type: "full_time",
  salary_min: 15000,
  salary_max: 25000,
  currency: "SAR",
  status: "active",
  embedding_status: "processing",
  match_ready: false,
  service_url: `https://jobs.example.sa/jobs/${JOB_ID}`,
  created_at: "2025-03-01T09:30:00.000Z",
  updated_at: "2025-03-01T09:30:00.000Z",
};
const LIMITS = {
  "RateLimit-Policy": '"minute";q=60;w=60, "month";q=500;qu="jobs"',
  "RateLimit": '"minute";r=59;t=30, "month";r=499;t=86400',
  "X-RateLimit-Limit": "60",
  "X-RateLimit-Remaining": "59",
  "X-RateLimit-Reset": "1740821460",
};

/** A response as a test would get it; `headers` adds to (or replaces) the usual ones. */
function response(
  over: Partial<Omit<ObservedResponse, "headers">> & { headers?: Record<string, string> },
): ObservedResponse {
  return {
    method: "GET",
    path: `/v1/partner/jobs/${JOB_ID}`,
    status: 200,
    body: JOB,
    ...over,
    headers: new Headers({
      "Content-Type": "application/json",
      "X-Request-Id": REQUEST_ID,
      "Cache-Control": "no-store",
      ...LIMITS,
      ...over.headers,
    }),
  };
}

function problem(status: number, code: string, extra: Record<string, unknown> = {}) {
  return {
    type: `https://jobs.example.sa/docs/errors#${code}`,
    title: "Title",
    status,
    detail: "Detail.",
    code,
    message: "Message.",
    messageAr: "رسالة.",
    request_id: REQUEST_ID,
    ...extra,
  };
}
const PROBLEM = { "Content-Type": "application/problem+json" };

Deno.test("a documented response passes: operation by template, status, body and headers", () => {
  check(response({}));
  check(
    response({
      path: "/v1/partner/jobs?limit=1",
      body: { data: [JOB], next_cursor: "x", has_more: true },
    }),
  );
});

Deno.test("an undocumented member, a wrong type or a missing header is named in the error", () => {
  assert.throws(
    () => check(response({ body: { ...JOB, secret: 1 } })),
    /additional properties.*secret/,
  );
  assert.throws(
    () => check(response({ body: { ...JOB, salary_min: "1" } })),
    /body\/salary_min must be integer/,
  );
  assert.throws(
    () => check(response({ headers: { "X-RateLimit-Remaining": "many" } })),
    /header X-RateLimit-Remaining/,
  );
  const { ["RateLimit"]: _, ...withoutOne } = LIMITS;
  const res = response({});
  res.headers = new Headers({
    "Content-Type": "application/json",
    "X-Request-Id": REQUEST_ID,
    ...withoutOne,
  });
  assert.throws(() => check(res), /missing header RateLimit$/m);
});

Deno.test("a status the operation does not document fails", () => {
  assert.throws(
    () =>
      check(
        response({ status: 409, body: problem(409, "partner.webhook_inactive"), headers: PROBLEM }),
      ),
    /status 409 is not documented/,
  );
});

Deno.test("problem responses are held to their code, status and members", () => {
  const createAnswered = (status: number, body: unknown) =>
    response({ method: "POST", path: "/v1/partner/jobs", status, headers: PROBLEM, body });
  check(createAnswered(422, problem(422, "partner.validation_failed", { errors: [] })));
  check(createAnswered(422, problem(422, "partner.idempotency_mismatch")));
  // `errors` goes with partner.validation_failed and only with it.
  assert.throws(
    () => check(createAnswered(422, problem(422, "partner.validation_failed"))),
    /errors/,
  );
  assert.throws(
    () => check(createAnswered(422, problem(422, "partner.idempotency_mismatch", { errors: [] }))),
    /else/,
  );
  assert.throws(
    () => check(createAnswered(404, problem(404, "partner.not_found"))),
    /status 404 is not documented/,
  );
  // A code the operation cannot give at that status.
  assert.throws(
    () => check(createAnswered(409, problem(409, "partner.webhook_inactive"))),
    /body\/code must be equal to one of the allowed values/,
  );
});

Deno.test("an unknown path must answer a problem document; a wrong method 405 with the path's Allow", () => {
  const notFound = problem(404, "partner.route_not_found");
  check(response({ path: "/v2/partner/jobs", status: 404, headers: PROBLEM, body: notFound }));
  assert.throws(
    () => check(response({ path: "/v1/nope", status: 200, body: { ok: true } })),
    /a path the document does not list/,
  );
  const notAllowed = problem(405, "partner.method_not_allowed");
  const put = { method: "PUT", path: "/v1/partner/jobs", status: 405, body: notAllowed };
  check(response({ ...put, headers: { ...PROBLEM, Allow: "GET, POST" } }));
  assert.throws(
    () => check(response({ ...put, headers: { ...PROBLEM, Allow: "GET" } })),
    /Allow is GET/,
  );
});

import assert from "node:assert/strict";
import {
  type Exchange,
  exchangeProblems,
  problemDocumentProblems,
  routedPath,
} from "./problem_check.ts";
import { NoResponse, type RawResponse } from "./raw_http.ts";
import { CHUNKED_BODY_BROKEN } from "./wire_rules.ts";

const PROBLEM = {
  type: "https://jobs.example.sa/docs/errors#partner.validation_failed",
  title: "Unprocessable Content",
  status: 422,
  detail: "The request is invalid. See errors for each field.",
  code: "partner.validation_failed",
  message: "The request is invalid. See errors for each field.",
  messageAr: "الطلب غير صالح. راجع قائمة الأخطاء لكل حقل.",
  errors: [{
    field: "/title",
    code: "invalid_characters",
    message: "Must not contain control characters.",
    messageAr: "يجب ألا يحتوي النص على محارف تحكم.",
  }],
  request_id: "req_1",
};

function answer(status: number, body: unknown, type = "application/problem+json"): RawResponse {
  const headers = new Headers({ "x-request-id": "req_1" });
  if (type) headers.set("content-type", type);
  const bytes = body === undefined
    ? new Uint8Array()
    : new TextEncoder().encode(JSON.stringify(body));
  return { status, headers, body: bytes };
}

const exchange = (response: Exchange["response"], over: Partial<Exchange> = {}): Exchange => ({
  method: "POST",
  target: "/v1/partner/jobs",
  mustRefuse: [],
  wireProblems: [],
  response,
  ...over,
});

Deno.test("problemDocumentProblems accepts the documented problem and names each gap", () => {
  assert.deepEqual(problemDocumentProblems(PROBLEM, 422), []);
  const gaps = problemDocumentProblems({
    ...PROBLEM,
    code: "oops",
    status: 400,
    messageAr: "not Arabic",
    errors: [{ field: "/x", code: "nope", message: "", messageAr: "" }],
  }, 422);
  for (
    const gap of [
      /code "oops"/,
      /status 400/,
      /messageAr/,
      /errors\[0\].code/,
      /errors\[0\].message /,
    ]
  ) {
    assert.ok(gaps.some((g) => gap.test(g)), `${gap}: ${gaps}`);
  }
  assert.deepEqual(problemDocumentProblems("text", 500), ["the body is not a JSON object"]);
});

Deno.test("exchangeProblems fails a 5xx, a non-problem error and an accepted refusal", () => {
  assert.deepEqual(exchangeProblems(exchange(answer(422, PROBLEM))), []);
  assert.ok(
    exchangeProblems(exchange(answer(500, { ...PROBLEM, status: 500 }))).some((p) =>
      /answered 500/.test(p)
    ),
  );
  assert.ok(exchangeProblems(exchange(answer(404, { error: "x" }, "application/json"))).length > 0);
  const accepted = exchangeProblems(exchange(answer(201, {}, "application/json"), {
    mustRefuse: ["body /title: text"],
  }));
  assert.deepEqual(accepted, ["accepted (201) though: body /title: text"]);
  // A 207's items are problem documents too.
  const multi = answer(
    207,
    { created: [], errors: [{ index: 0, ...PROBLEM, messageAr: "" }] },
    "application/json",
  );
  assert.ok(exchangeProblems(exchange(multi)).some((p) => /errors\[0\]: messageAr/.test(p)));
});

Deno.test("exchangeProblems accepts a bare 400 or a closed connection only where the server refuses the request itself", () => {
  const bare = answer(400, undefined, "");
  assert.deepEqual(exchangeProblems(exchange(bare, { wireProblems: ["two Host fields"] })), []);
  assert.ok(exchangeProblems(exchange(bare)).some((p) => /bare 400/.test(p)));
  const closed = new NoResponse("closed", "no response head");
  assert.deepEqual(exchangeProblems(exchange(closed, { wireProblems: [CHUNKED_BODY_BROKEN] })), []);
  assert.ok(exchangeProblems(exchange(closed, { wireProblems: ["two Host fields"] })).length > 0);
  assert.ok(
    exchangeProblems(exchange(new NoResponse("timeout", "60 s"))).some((p) => /no answer/.test(p)),
  );
});

Deno.test("exchangeProblems checks a HEAD error's headers only, and asks the document otherwise", () => {
  const head = answer(401, undefined);
  assert.deepEqual(exchangeProblems(exchange(head, { method: "HEAD" })), []);
  let asked = 0;
  const conforms = () => {
    asked++;
    throw new Error("does not conform");
  };
  assert.deepEqual(exchangeProblems(exchange(head, { method: "HEAD" }), conforms), []);
  assert.deepEqual(exchangeProblems(exchange(answer(422, PROBLEM)), conforms), [
    "does not conform",
  ]);
  assert.equal(asked, 1);
});

Deno.test("routedPath is the path the router sees", () => {
  assert.equal(routedPath("/v1/partner/jobs?limit=1"), "/v1/partner/jobs");
  assert.equal(routedPath("http://evil.example/v1/x?y"), "/v1/x");
  assert.equal(routedPath("*"), "*");
});

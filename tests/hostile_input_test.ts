/**
 * Bad input from a hostile or careless partner: every case answers 422 with the field and
 * both messages, never a 500 (issue 13; the rule is `services/edge/request_text.ts`).
 */
import assert from "node:assert/strict";
import { assertFieldError, jobBody, startStack } from "@hire/testing/stack.ts";

const stack = await startStack();
const partner = await stack.partner("growth");
Deno.test.afterAll(() => stack.stop());

Deno.test("a NUL or an unpaired surrogate in a job's text is refused on create and on PATCH", async () => {
  assertFieldError(
    await partner.call("POST", "/v1/partner/jobs", jobBody({ title: "ICU\u0000Nurse" })),
    "/title",
    "invalid_characters",
  );
  assertFieldError(
    await partner.call("POST", "/v1/partner/jobs", jobBody({ description: "Care \uD800 unit" })),
    "/description",
    "invalid_characters",
  );
  const created = await partner.call("POST", "/v1/partner/jobs", jobBody());
  assert.equal(created.status, 201);
  const path = `/v1/partner/jobs/${created.body.id}`;
  assertFieldError(
    await partner.call("PATCH", path, { description: "new\u0000text" }),
    "/description",
    "invalid_characters",
  );
  // Nothing was changed, and text the rule allows still goes through.
  assert.equal((await partner.call("GET", path)).body.description, created.body.description);
  const ok = await partner.call("PATCH", path, { title: "ممرضة\tعناية مركزة 😀" });
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
});

Deno.test("a bulk body nested 5,000 levels deep with an Idempotency-Key is refused before it is walked", async () => {
  let deep: unknown = jobBody();
  for (let i = 0; i < 5_000; i++) deep = [deep];
  const res = await partner.call("POST", "/v1/partner/jobs/bulk", { jobs: [deep] }, {
    "idempotency-key": crypto.randomUUID(),
  });
  assert.equal(res.status, 422, JSON.stringify(res.body).slice(0, 500));
  assert.equal(res.body.errors[0].code, "too_deep");
  assert.match(res.body.errors[0].messageAr, /[\u0600-\u06FF]/);
});

Deno.test("a NUL in a query parameter is refused, naming the parameter", async () => {
  assertFieldError(
    await partner.call(
      "GET",
      "/v1/partner/webhooks/whk_01JD8Y4Q2W6ZB7K3N5R9T1V3X5/deliveries?event_id=%00",
    ),
    "/query/event_id",
    "invalid_characters",
  );
  assertFieldError(
    await partner.call("GET", "/v1/partner/jobs?cursor=a%00b"),
    "/query/cursor",
    "invalid_characters",
  );
  // The system is still ready afterwards.
  assert.equal((await partner.call("GET", "/v1/partner/jobs?limit=1")).status, 200);
});

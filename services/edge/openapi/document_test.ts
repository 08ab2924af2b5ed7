import assert from "node:assert/strict";
import { ERRORS } from "@hire/errors";
import { bulkCreateSchema, EVENT_TYPES, jobCreateSchema, jobUpdateSchema } from "@hire/jobs";
import {
  deliveryListQuerySchema,
  recoverSchema,
  testEventSchema,
  webhookCreateSchema,
  webhookUpdateSchema,
} from "@hire/webhooks";
import type { z } from "zod";
import { appSettings, loadEdgeConfig } from "../config.ts";
import { matchListQuerySchema } from "../routes/job_matches.ts";
import { listQuerySchema } from "../routes/jobs.ts";
import { buildOpenApiDocument } from "./document.ts";
import { statusOf } from "./problem_schemas.ts";

// The webhook bodies as validated in production.
const webhookCreateBody = webhookCreateSchema({ allowPrivateNetworks: false });
const webhookUpdateBody = webhookUpdateSchema({ allowPrivateNetworks: false });

// deno-lint-ignore no-explicit-any
type Json = any;

const DECISIONS = "# Decisions\n\nThe last words of docs/api.md.";
const doc: Json = buildOpenApiDocument({
  ...appSettings(loadEdgeConfig({})),
  decisions: DECISIONS,
});
const METHODS = ["get", "put", "post", "delete", "patch"];
const operations = Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
  METHODS.filter((m) => item[m]).map((m) => ({ path, method: m, op: item[m] }))
);
const body = (path: string, method: string) =>
  doc.paths[path][method].requestBody.content["application/json"].schema;

/** The fields of a zod object and which of them a request must send. */
function fieldsOf(schema: z.ZodObject) {
  const keys = Object.keys(schema.shape);
  return {
    keys,
    required: keys.filter((k) => !schema.shape[k]!.safeParse(undefined).success),
  };
}

Deno.test("buildOpenApiDocument documents each request body with the fields the edge validates", () => {
  const cases: [string, string, z.ZodObject][] = [
    ["/v1/partner/jobs", "post", jobCreateSchema],
    ["/v1/partner/jobs/{id}", "patch", jobUpdateSchema],
    ["/v1/partner/jobs/bulk", "post", bulkCreateSchema],
    ["/v1/partner/webhooks", "post", webhookCreateBody],
    ["/v1/partner/webhooks/{id}", "patch", webhookUpdateBody],
    ["/v1/partner/webhooks/{id}/test", "post", testEventSchema],
    ["/v1/partner/webhooks/{id}/recover", "post", recoverSchema],
  ];
  for (const [path, method, schema] of cases) {
    const documented = body(path, method);
    const { keys, required } = fieldsOf(schema);
    assert.deepEqual(Object.keys(documented.properties), keys, `${method} ${path}`);
    assert.deepEqual(documented.required ?? [], required, `${method} ${path}`);
    // Unknown fields are refused, so the document says so.
    assert.equal(documented.additionalProperties, false, `${method} ${path}`);
  }
  const item = body("/v1/partner/jobs/bulk", "post").properties.jobs.items;
  assert.deepEqual(Object.keys(item.properties), Object.keys(jobCreateSchema.shape));
});

Deno.test("buildOpenApiDocument documents transformed fields in the form partners send", () => {
  const job = body("/v1/partner/jobs", "post").properties;
  assert.equal(job.city.type, "string");
  assert.equal(job.title.minLength, 3);
  assert.equal(job.title.maxLength, 200);
  const webhook = body("/v1/partner/webhooks", "post").properties;
  assert.equal(webhook.url.type, "string");
  assert.equal(webhook.events.type, "array");
  assert.deepEqual(webhook.events.items.enum, [...EVENT_TYPES]);
});

Deno.test("buildOpenApiDocument documents the query parameters of the list schemas", () => {
  const names = (path: string) =>
    doc.paths[path].get.parameters.filter((p: Json) => p.in === "query").map((p: Json) => p.name);
  assert.deepEqual(names("/v1/partner/jobs"), Object.keys(listQuerySchema.shape));
  assert.deepEqual(
    names("/v1/partner/webhooks/{id}/deliveries"),
    Object.keys(deliveryListQuerySchema.shape),
  );
  assert.deepEqual(
    names("/v1/partner/jobs/{id}/matches"),
    Object.keys(matchListQuerySchema.shape),
  );
});

Deno.test("buildOpenApiDocument shows a job's matches with an example of the page it documents", () => {
  const ok = doc.paths["/v1/partner/jobs/{id}/matches"].get.responses["200"];
  const { schema, example } = ok.content["application/json"];
  assert.equal(schema.$ref, "#/components/schemas/MatchPage");
  const match = doc.components.schemas.Match;
  assert.deepEqual(Object.keys(example.data[0]).sort(), Object.keys(match.properties).sort());
  for (const [field, { pattern }] of Object.entries(match.properties as Record<string, Json>)) {
    if (pattern) assert.match(example.data[0][field], new RegExp(pattern), field);
  }
  assert.equal(typeof example.next_cursor, "string");
});

Deno.test("buildOpenApiDocument gives every operation an id, a summary, a description and typed errors", () => {
  for (const { path, method, op } of operations) {
    const at = `${method} ${path}`;
    assert.ok(op.operationId && op.summary && op.description, at);
    for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
      assert.ok(response.description, `${at} ${status}`);
      if (Number(status) < 400 || path === "/readyz") continue;
      const schema = response.content["application/problem+json"].schema;
      assert.equal(schema.allOf[0].$ref, "#/components/schemas/Problem", `${at} ${status}`);
      const codes: string[] = schema.allOf[1].properties.code.enum;
      assert.ok(codes.every((c) => statusOf(c as keyof typeof ERRORS) === Number(status)), at);
    }
  }
});

Deno.test("buildOpenApiDocument requires the limit headers on every answer to a key but 401, 429 and 503", () => {
  const limitHeaders = [
    "RateLimit-Policy",
    "RateLimit",
    "X-RateLimit-Limit",
    "X-RateLimit-Remaining",
    "X-RateLimit-Reset",
  ];
  for (const { path, method, op } of operations.filter((o) => !o.op.security)) {
    for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
      const names = Object.keys(response.headers);
      const at = `${method} ${path} ${status}`;
      assert.ok(names.includes("X-Request-Id"), at);
      assert.ok(names.includes("Cache-Control"), at);
      for (const h of limitHeaders) {
        assert.equal(names.includes(h), status !== "401", `${at} ${h}`);
        // A 503 because the database is down was never counted, so it cannot tell them; nor
        // can a 429 `partner.auth_rate_limited`, refused before the key was looked up.
        if (status === "503" || status === "429") {
          assert.equal(response.headers[h].required, false, `${at} ${h}`);
        } else if (status !== "401") assert.ok(response.headers[h].$ref, `${at} ${h}`);
      }
      const inProgress = status === "409" &&
        JSON.stringify(response.content).includes("partner.idempotency_in_progress");
      assert.equal(
        names.includes("Retry-After"),
        status === "429" || status === "503" || inProgress,
        at,
      );
      // Optional where the status has other codes that do not ask for a retry.
      if (inProgress) assert.equal(response.headers["Retry-After"].required, false, at);
      if (status === "201") assert.ok(names.includes("Location"), at);
    }
  }
  for (const h of limitHeaders) assert.equal(doc.components.headers[h].required, true, h);
  const create = doc.paths["/v1/partner/jobs"].post;
  assert.equal(create.parameters.find((p: Json) => p.in === "header").name, "Idempotency-Key");
});

Deno.test("buildOpenApiDocument lists every error code with its status and both messages", () => {
  const text: string = doc.info.description;
  for (const [code, { message, messageAr }] of Object.entries(ERRORS)) {
    const row = text.split("\n").find((l) => l.includes(`| \`${code}\` |`));
    assert.equal(
      row,
      `| ${statusOf(code as keyof typeof ERRORS)} | \`${code}\` | ${
        ERRORS[code as keyof typeof ERRORS].title
      } | ${message} | ${messageAr} |`,
    );
  }
  assert.ok(text.endsWith(DECISIONS), "docs/api.md closes the introduction");
});

Deno.test("buildOpenApiDocument describes one signed delivery per event type", () => {
  assert.deepEqual(Object.keys(doc.webhooks).sort(), [...EVENT_TYPES].sort());
  for (const type of EVENT_TYPES) {
    const delivery = doc.webhooks[type].post;
    const headers = delivery.parameters.map((p: Json) => p.name);
    for (
      const h of [
        "User-Agent",
        "X-Service-Event",
        "X-Service-Delivery-Id",
        "X-Service-Signature",
        "X-Service-Timestamp",
      ]
    ) assert.ok(headers.includes(h), `${type} ${h}`);
    assert.match(delivery.description, /HMAC-SHA256 of `<timestamp>\.<raw body>`/);
    assert.ok(delivery.responses["2XX"], type);
  }
});

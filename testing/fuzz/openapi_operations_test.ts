import assert from "node:assert/strict";
import { operationsOf, resolveRefs } from "./openapi_operations.ts";

const DOC = {
  security: [{ apiKey: [] }],
  components: {
    schemas: { Item: { type: "object", properties: { name: { type: "string" } } } },
    parameters: { Id: { name: "id", in: "path", required: true, schema: { type: "string" } } },
  },
  paths: {
    "/healthz": { get: { security: [], responses: { "200": {} } } },
    "/items/{id}": {
      parameters: [{ $ref: "#/components/parameters/Id" }],
      get: { responses: { "200": {}, "404": {} } },
      patch: {
        parameters: [{ name: "limit", in: "query", schema: { type: "integer" } }],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/Item" } } },
        },
        responses: { "200": {}, "422": {} },
      },
    },
  },
};

Deno.test("operationsOf lists every method of every path with its parameters, body and statuses", () => {
  const ops = operationsOf(DOC);
  assert.deepEqual(ops.map((o) => o.id), ["GET /healthz", "GET /items/{id}", "PATCH /items/{id}"]);
  const [health, get, patch] = ops;
  assert.equal(health!.public, true);
  assert.equal(get!.public, false);
  assert.deepEqual(get!.parameters, [{
    name: "id",
    in: "path",
    required: true,
    schema: { type: "string" },
  }]);
  assert.deepEqual(patch!.parameters.map((p) => `${p.in} ${p.name}`), ["path id", "query limit"]);
  assert.deepEqual(patch!.body, {
    required: true,
    mediaType: "application/json",
    schema: DOC.components.schemas.Item,
  });
  assert.deepEqual(patch!.statuses, ["200", "422"]);
  assert.equal(get!.body, undefined);
});

Deno.test("resolveRefs refuses remote and recursive references rather than looping", () => {
  assert.throws(() => resolveRefs({}, { $ref: "https://example.com/x" }), /only local/);
  const recursive = {
    components: { schemas: { A: { items: { $ref: "#/components/schemas/A" } } } },
  };
  assert.throws(() => resolveRefs(recursive, { $ref: "#/components/schemas/A" }), /recursive/);
  assert.throws(() => resolveRefs({}, { $ref: "#/components/schemas/Missing" }), /dangling/);
});

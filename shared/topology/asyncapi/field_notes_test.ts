import assert from "node:assert/strict";
import { applyFieldNotes, type JsonSchema } from "./field_notes.ts";

const schema = (): JsonSchema => ({
  type: "object",
  properties: {
    id: { type: "string" },
    tags: { type: "array", items: { type: "string" } },
    data: { type: "object", properties: { job: { $ref: "#/components/schemas/Job" } } },
  },
});

Deno.test("applyFieldNotes describes the root, nested fields and array items", () => {
  const s = schema();
  applyFieldNotes(s, { "": "root", id: "the id", "tags[]": "one tag", "data.job": "a job" }, "S");
  assert.equal(s.description, "root");
  const props = s.properties as Record<string, JsonSchema>;
  assert.equal(props.id!.description, "the id");
  assert.equal((props.tags!.items as JsonSchema).description, "one tag");
  assert.equal(
    ((props.data!.properties as Record<string, JsonSchema>).job!).description,
    "a job",
  );
});

Deno.test("applyFieldNotes refuses a path that names no field or crosses a reference", () => {
  assert.throws(() => applyFieldNotes(schema(), { nope: "x" }, "S"), /S: no field "nope"/);
  assert.throws(() => applyFieldNotes(schema(), { "id[]": "x" }, "S"), /no field "id\[\]"/);
  assert.throws(
    () => applyFieldNotes(schema(), { "data.job.title": "x" }, "S"),
    /crosses #\/components\/schemas\/Job/,
  );
});

import assert from "node:assert/strict";
import fc from "fast-check";
import addFormats from "ajv-formats";
import { Ajv2020 } from "ajv/dist/2020.js";
import { appSettings, loadEdgeConfig } from "@hire/edge-service/config.ts";
import { buildOpenApiDocument } from "@hire/edge-service/openapi/document.ts";
import { hasBadText } from "@hire/edge-service/request_text.ts";
import { jobBody } from "../stack.ts";
import { jsonText } from "./json_text.ts";
import { operationsOf, type Schema } from "./openapi_operations.ts";
import { type Generated, type Mode, schemaArbitrary } from "./schema_arbitrary.ts";

const doc = buildOpenApiDocument({ ...appSettings(loadEdgeConfig({})), decisions: "" });
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as { default: (a: Ajv2020) => void }).default(ajv);

/** Every request body and parameter schema of the API document, by where it is. */
const SCHEMAS: [string, Schema][] = operationsOf(doc).flatMap((op) => [
  ...(op.body ? [[`${op.id} body`, op.body.schema] as [string, Schema]] : []),
  ...op.parameters.map((p): [string, Schema] => [`${op.id} ${p.in} ${p.name}`, p.schema]),
]);

/** Strings and member names of a parsed value, walked without recursion. */
function* texts(v: unknown): Generator<string> {
  const stack = [v];
  while (stack.length) {
    const x = stack.pop();
    if (typeof x === "string") yield x;
    else if (x && typeof x === "object") {
      for (const [k, c] of Object.entries(x)) {
        if (!Array.isArray(x)) yield k;
        stack.push(c);
      }
    }
  }
}

/** How deep the deepest container of a parsed value is (the value itself is 0). */
function deepest(v: unknown): number {
  let max = -1;
  const stack: [unknown, number][] = [[v, 0]];
  while (stack.length) {
    const [x, d] = stack.pop()!;
    if (x && typeof x === "object") {
      max = Math.max(max, d);
      for (const c of Object.values(x)) stack.push([c, d + 1]);
    }
  }
  return max;
}

/** What is wrong with the violations `g` claims, judged from the JSON text it makes. */
function unsoundClaims(schema: Schema, g: Generated): string[] {
  const wrong: string[] = [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(jsonText(g.value));
  } catch {
    return g.violations.some((v) => v.rule === "json") ? [] : ["not JSON, and no json violation"];
  }
  const rules = new Set(g.violations.map((v) => v.rule));
  if (rules.has("json")) wrong.push("claims not JSON, but it parses");
  if (rules.has("schema") && ajv.validate(schema, parsed)) wrong.push("claims a schema violation");
  if (rules.has("text") && ![...texts(parsed)].some(hasBadText)) wrong.push("claims refused text");
  if (rules.has("depth") && deepest(parsed) < 32) wrong.push("claims too deep");
  return wrong;
}

Deno.test("schemaArbitrary's valid values satisfy every schema of the API document", () => {
  for (const [where, schema] of SCHEMAS) {
    fc.assert(
      fc.property(schemaArbitrary(schema, { mode: "valid", hints: { city: ["Riyadh"] } }), (g) => {
        assert.deepEqual(g.violations, []);
        const parsed = JSON.parse(jsonText(g.value));
        assert.ok(ajv.validate(schema, parsed), `${where}: ${ajv.errorsText()}`);
      }),
      { numRuns: 60 },
    );
  }
});

Deno.test("schemaArbitrary's valid text keeps within its lengths once trimmed, as the API counts them", () => {
  // Short limits make text of nothing but spaces likely, as a bulk job's three-character title did.
  const schema = { type: "string", minLength: 3, maxLength: 4 };
  fc.assert(
    fc.property(schemaArbitrary(schema, { mode: "valid" }), (g) => {
      const text = g.value as string;
      assert.equal(text.trim(), text);
      const length = [...text].length;
      assert.ok(length >= 3 && length <= 4, JSON.stringify(text));
    }),
    { numRuns: 3_000 },
  );
});

Deno.test("every violation schemaArbitrary claims is real, in every mode", () => {
  const modes: Mode[] = ["one fault", "boundary", "hostile"];
  for (const [where, schema] of SCHEMAS) {
    for (const mode of modes) {
      fc.assert(
        fc.property(schemaArbitrary(schema, { mode }), (g) => {
          assert.deepEqual(unsoundClaims(schema, g), [], `${where} (${mode})`);
        }),
        { numRuns: 80 },
      );
    }
  }
});

Deno.test("one fault bends one member of an example and keeps the others as they were", () => {
  const body = operationsOf(doc).find((o) => o.id === "POST /v1/partner/jobs")!.body!.schema;
  const example = jobBody();
  const generated = schemaArbitrary(body, { mode: "one fault", example });
  fc.assert(
    fc.property(generated, (g) => {
      if (g.violations.some((v) => v.rule === "json")) return; // A raw token: not JSON at all.
      const parsed = JSON.parse(jsonText(g.value)) as Record<string, unknown>;
      const changed = Object.keys({ ...example, ...parsed })
        .filter((k) => JSON.stringify(parsed[k]) !== JSON.stringify(example[k]));
      // One member bent, or (an object-level twist) one left out or one added.
      assert.ok(changed.length <= 1, `changed ${changed}`);
    }),
    { numRuns: 200 },
  );
});

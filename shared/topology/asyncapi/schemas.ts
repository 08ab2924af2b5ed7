/**
 * The JSON schemas of the documents, converted from the declarations' zod schemas.
 * @module
 */
import { z } from "zod";
import type { NamedSchema, TopicDeclaration } from "../declaration.ts";
import { applyFieldNotes, type JsonSchema } from "./field_notes.ts";

/** Where a named schema is in the document. */
export const schemaRef = (id: string): { $ref: string } => ({ $ref: `#/components/schemas/${id}` });

/**
 * Every schema the topics name (messages, the schemas they share, keys), by id, as the
 * values are written: a transform's input side, optional fields with defaults optional.
 */
export function componentSchemas(topics: readonly TopicDeclaration[]): Record<string, JsonSchema> {
  const named = namedSchemas(topics);
  const registry = z.registry<{ id: string }>();
  for (const { id, schema } of named.values()) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: "draft-07",
    io: "input",
    uri: (id) => schemaRef(id).$ref,
    override: ({ jsonSchema }) => tidy(jsonSchema),
  });
  const out: Record<string, JsonSchema> = {};
  for (const { id, fields } of named.values()) {
    const { $schema: _, $id: __, ...schema } = schemas[id] as JsonSchema;
    applyFieldNotes(schema, fields ?? {}, id);
    out[id] = schema;
  }
  return out;
}

function namedSchemas(topics: readonly TopicDeclaration[]): Map<string, NamedSchema> {
  const named = new Map<string, NamedSchema>();
  const add = (n: NamedSchema) => {
    const known = named.get(n.id);
    if (known && known.schema !== n.schema) throw new Error(`two schemas are named ${n.id}`);
    named.set(n.id, n);
  };
  for (const t of topics) {
    t.shared?.forEach(add);
    for (const m of t.messages) {
      add({ id: m.id, schema: m.schema, fields: { ...t.fields, ...m.fields } });
      add(m.key.schema);
    }
  }
  return named;
}

// zod spells out what a reader does not need: the regular expression behind `date-time`
// and the safe-integer bounds of every integer.
function tidy(schema: JsonSchema): void {
  if (schema.format === "date-time") delete schema.pattern;
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
}

/**
 * Field descriptions of the declarations, written into the JSON schemas zod made. A path
 * that names no field throws, so a renamed field cannot leave a stale description behind.
 * @module
 */

/** A JSON Schema object. */
export type JsonSchema = Record<string, unknown>;

/**
 * Sets each note's description on the field its path names: dotted property names from the
 * root, `name[]` for an array's items, `""` for the root. `where` names the schema in errors.
 */
export function applyFieldNotes(
  schema: JsonSchema,
  notes: Readonly<Record<string, string>>,
  where: string,
): void {
  for (const [path, description] of Object.entries(notes)) {
    fieldAt(schema, path, where).description = description;
  }
}

function fieldAt(root: JsonSchema, path: string, where: string): JsonSchema {
  let node = root;
  for (const step of path === "" ? [] : path.split(".")) {
    const items = step.endsWith("[]");
    const name = items ? step.slice(0, -2) : step;
    if ("$ref" in node) {
      throw new Error(`${where}: "${path}" crosses ${node.$ref}; describe it there`);
    }
    const child = (node.properties as Record<string, JsonSchema> | undefined)?.[name];
    const next = items ? child?.items as JsonSchema | undefined : child;
    if (!next) throw new Error(`${where}: no field "${path}" to describe`);
    node = next;
  }
  return node;
}

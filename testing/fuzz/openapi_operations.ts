/**
 * The operations of an OpenAPI 3.1 document, as a fuzzer needs them: method and path, whether
 * a key is needed, each parameter and the request body with their schemas (local `$ref`s
 * resolved), and the statuses the document lists.
 * @module
 */

/** A JSON Schema as the document holds it. */
// deno-lint-ignore no-explicit-any
export type Schema = Record<string, any>;

/** One parameter of an operation. */
export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required: boolean;
  schema: Schema;
}

/** One operation of the document. */
export interface Operation {
  /** `METHOD /path/{template}`, e.g. `GET /v1/partner/jobs/{id}`. */
  id: string;
  method: string;
  path: string;
  /** No key needed (`security: []`). */
  public: boolean;
  parameters: Parameter[];
  body?: { required: boolean; mediaType: string; schema: Schema };
  /** The statuses the document lists, e.g. `["200", "401", "404"]`. */
  statuses: string[];
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** `node` with every local `$ref` (`#/components/...`) replaced by what it points to. */
export function resolveRefs(doc: Schema, node: unknown, seen: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((n) => resolveRefs(doc, n, seen));
  if (node === null || typeof node !== "object") return node;
  const ref = (node as Schema).$ref;
  if (typeof ref === "string") {
    if (!ref.startsWith("#/")) throw new Error(`only local references are followed: ${ref}`);
    if (seen.includes(ref)) throw new Error(`a recursive schema cannot be generated: ${ref}`);
    const target = ref.slice(2).split("/")
      .map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"))
      .reduce((at: Schema | undefined, key) => at?.[key], doc);
    if (target === undefined) throw new Error(`dangling reference ${ref}`);
    return resolveRefs(doc, target, [...seen, ref]);
  }
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => [k, resolveRefs(doc, v, seen)]),
  );
}

/** Every operation of `doc`, in the document's order. */
export function operationsOf(doc: Schema): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Schema>)) {
    const shared = (item.parameters ?? []) as unknown[];
    for (const method of METHODS) {
      const op = item[method] as Schema | undefined;
      if (!op) continue;
      const parameters = [...shared, ...(op.parameters ?? [])]
        .map((p) => resolveRefs(doc, p) as Schema)
        .map((p): Parameter => ({
          name: p.name,
          in: p.in,
          required: p.required === true,
          schema: p.schema ?? {},
        }));
      const content = (resolveRefs(doc, op.requestBody ?? {}) as Schema).content as
        | Record<string, Schema>
        | undefined;
      const mediaType = content ? Object.keys(content)[0] : undefined;
      operations.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        public: Array.isArray(op.security) && op.security.length === 0,
        parameters,
        ...(mediaType
          ? {
            body: {
              required: op.requestBody?.required === true,
              mediaType,
              schema: content![mediaType]!.schema ?? {},
            },
          }
          : {}),
        statuses: Object.keys(op.responses ?? {}),
      });
    }
  }
  return operations;
}

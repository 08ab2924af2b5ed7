/**
 * Checks a response of the edge against the API document: the operation is found by method
 * and path template, the response by status, the body is validated against its schema and
 * the headers against theirs (required ones must be there). The test stack checks every
 * response a test gets, so the document cannot drift from the code.
 */
import { appSettings, loadEdgeConfig } from "@hire/edge-service/config.ts";
import { loadOpenApiDocument, type OpenApiDocument } from "@hire/edge-service/openapi/document.ts";
import addFormats from "ajv-formats";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";

/** A response as a test received it. */
export interface ObservedResponse {
  method: string;
  /** The request's path, query included or not. */
  path: string;
  status: number;
  headers: Headers;
  /** The parsed JSON body, the text of any other body, or null when there was none. */
  body: unknown;
}

/** Throws an Error saying what does not conform; returns when the response conforms. */
export type ConformanceChecker = (res: ObservedResponse) => void;

const DOC_ID = "openapi.json";
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

// deno-lint-ignore no-explicit-any
type Json = any;

/** A JSON pointer to `segments` inside the document, as a URI fragment. */
const pointer = (...segments: string[]) =>
  "#" + segments.map((s) => "/" + encodeURIComponent(s.replaceAll("~", "~0").replaceAll("/", "~1")))
    .join("");

/** A checker of responses against `doc`. */
export function createConformanceChecker(doc: OpenApiDocument): ConformanceChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  // The plugin is CommonJS: its function is the default export's `default`.
  (addFormats as unknown as { default: (a: Ajv2020) => void }).default(ajv);
  ajv.addSchema(doc, DOC_ID);
  const validators = new Map<string, ValidateFunction>();
  const validatorAt = (at: string) => {
    let v = validators.get(at);
    if (!v) validators.set(at, v = ajv.compile({ $ref: DOC_ID + at }));
    return v;
  };
  const paths = Object.keys(doc.paths ?? {})
    // A literal path wins over a template that also matches (`/jobs/bulk` over `/jobs/{id}`).
    .sort((a, b) => a.split("{").length - b.split("{").length)
    .map((template) => ({
      template,
      pattern: new RegExp(
        "^" + template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+") + "$",
      ),
    }));
  const components = (doc.components ?? {}) as Json;

  /** What is wrong with `res` as the response at `at` (an OpenAPI Response Object). */
  function mismatches(res: ObservedResponse, at: string[], response: Json): string[] {
    const found: string[] = [];
    const type = res.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
    const content = response.content as Record<string, unknown> | undefined;
    const skipBody = res.method.toUpperCase() === "HEAD";
    if (!content) {
      if (!skipBody && res.body !== null && res.body !== "") {
        found.push("a body where none is documented");
      }
    } else if (!type || !(type in content)) {
      found.push(`Content-Type ${type} is not one of ${Object.keys(content).join(", ")}`);
    } else if (!skipBody && /[/+]json$/.test(type)) {
      const validate = validatorAt(pointer(...at, "content", type, "schema"));
      if (!validate(res.body)) {
        for (const e of validate.errors ?? []) {
          found.push(`body${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
        }
      }
    }
    for (const [name, ref] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
      const header = ref.$ref ? components.headers[ref.$ref.split("/").pop()] : ref;
      const value = res.headers.get(name);
      if (value === null) {
        if (header.required) found.push(`missing header ${name}`);
        continue;
      }
      const schemaAt = ref.$ref
        ? pointer("components", "headers", ref.$ref.split("/").pop(), "schema")
        : pointer(...at, "headers", name, "schema");
      const typed = header.schema?.type === "integer" && /^-?[0-9]+$/.test(value)
        ? Number(value)
        : value;
      const validate = validatorAt(schemaAt);
      if (!validate(typed)) {
        found.push(`header ${name}: ${JSON.stringify(value)} ${ajv.errorsText(validate.errors)}`);
      }
    }
    return found;
  }

  return (res) => {
    const path = res.path.split("?")[0]!;
    const method = res.method.toLowerCase() === "head" ? "get" : res.method.toLowerCase();
    const match = paths.find((p) => p.pattern.test(path));
    let found: string[];
    let where: string;
    if (!match) {
      where = "a path the document does not list";
      found = res.status === 404
        ? mismatches(
          res,
          ["components", "responses", "RouteNotFound"],
          components.responses.RouteNotFound,
        )
        : problemMismatches(res);
    } else {
      const item = (doc.paths as Json)[match.template];
      const operation = item[method];
      if (!operation) {
        const allowed = METHODS.filter((m) => item[m]).map((m) => m.toUpperCase());
        where = `${match.template}, which has ${allowed.join(", ")}`;
        if (res.status === 405) {
          const needsNoKey = METHODS.every((m) => !item[m] || item[m].security?.length === 0);
          const name = needsNoKey ? "PublicMethodNotAllowed" : "MethodNotAllowed";
          found = mismatches(res, ["components", "responses", name], components.responses[name]);
          const allow = res.headers.get("allow")?.split(/,\s*/).sort().join(", ");
          if (allow !== [...allowed].sort().join(", ")) found.push(`Allow is ${allow}`);
        } else {
          found = problemMismatches(res);
        }
      } else {
        const responses = operation.responses as Record<string, Json>;
        const key = [String(res.status), `${String(res.status)[0]}XX`, "default"]
          .find((k) => k in responses);
        where = `${method.toUpperCase()} ${match.template}`;
        found = key === undefined
          ? [
            `status ${res.status} is not documented (documented: ${
              Object.keys(responses).join(", ")
            })`,
          ]
          : mismatches(res, ["paths", match.template, method, "responses", key], responses[key]);
      }
    }
    if (found.length) {
      const body = JSON.stringify(res.body) ?? "";
      throw new Error(
        `${res.method} ${res.path} answered ${res.status}, which does not conform to the API ` +
          `document (${where}):\n  - ${found.join("\n  - ")}\n  body: ${body.slice(0, 600)}`,
      );
    }
  };

  /** What is wrong with `res` as a problem document of its status. */
  function problemMismatches(res: ObservedResponse): string[] {
    const validate = validatorAt(pointer("components", "schemas", "Problem"));
    const found = validate(res.body)
      ? []
      : (validate.errors ?? []).map((e) => `body${e.instancePath} ${e.message}`);
    if (res.headers.get("content-type") !== "application/problem+json") {
      found.push(`Content-Type ${res.headers.get("content-type")} is not application/problem+json`);
    }
    if ((res.body as { status?: unknown })?.status !== res.status) {
      found.push("body.status differs");
    }
    return found;
  }
}

let shared: Promise<ConformanceChecker> | undefined;

/** Checks `res` against the document the edge serves (built from the code, default settings). */
export async function assertConforms(res: ObservedResponse): Promise<void> {
  shared ??= loadOpenApiDocument(appSettings(loadEdgeConfig({}))).then(createConformanceChecker);
  (await shared)(res);
}

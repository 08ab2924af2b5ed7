/**
 * The OpenAPI 3.1 document of an app, generated from its routes (each declared once, with
 * `createRoute`, from the zod schemas the edge validates requests with) and from what no
 * route declares: the introduction, the server, the default security and the tags. The
 * components and webhooks are in the app's registry too (`components.ts`,
 * `webhook_events.ts`).
 * @module
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Plan, PlanLimits } from "@hire/partners";
import { apiDescription } from "./description.ts";

/** `docs/api.md`: every decision the specification leaves open, in full. */
const API_DECISIONS_FILE = new URL("../../../docs/api.md", import.meta.url);
/** `docs/asyncapi.yaml`: the Kafka topics, beside the OpenAPI document. */
export const ASYNCAPI_FILE = new URL("../../../docs/asyncapi.yaml", import.meta.url);

/** What the document depends on besides the routes. */
export interface OpenApiOptions {
  /** The server's URL: `PUBLIC_BASE_URL`. */
  publicBaseUrl: string;
  /** Each plan's configured limits. */
  planLimits: Record<Plan, PlanLimits>;
  /** The text of `docs/api.md`, appended to the introduction. */
  decisions: string;
}

/** The generated document. */
export type OpenApiDocument = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;

const TAGS = [
  { name: "Jobs", description: "The jobs a partner posts." },
  {
    name: "Webhooks",
    description: "Endpoints that receive the partner's events, their signing secrets and " +
      "their delivery log. Growth and Scale plans only.",
  },
  { name: "Webhook deliveries", description: "What the service POSTs to a webhook." },
  { name: "Reference", description: "This document and its companions. No key needed." },
  { name: "Health", description: "For load balancers and operators. No key needed." },
];

/** The document of `app`. */
export function generateOpenApiDocument(
  app: Pick<OpenAPIHono, "getOpenAPI31Document">,
  opts: OpenApiOptions,
): OpenApiDocument {
  const doc = app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: { title: "Partner hiring API", version: "1.0.0", description: apiDescription(opts) },
    "x-asyncapi": "/v1/asyncapi.yaml",
    servers: [{ url: opts.publicBaseUrl }],
    security: [{ apiKey: [] }],
    tags: TAGS,
  });
  closeObjects(doc);
  return doc;
}

/** The document of `app` with `docs/api.md` read from the repository. */
export async function loadOpenApiDocumentOf(
  app: Pick<OpenAPIHono, "getOpenAPI31Document">,
  opts: Omit<OpenApiOptions, "decisions">,
): Promise<OpenApiDocument> {
  return generateOpenApiDocument(app, {
    ...opts,
    decisions: await Deno.readTextFile(API_DECISIONS_FILE),
  });
}

// zod leaves a plain object open (only a strict one is closed); this document closes every
// object schema it generates (request bodies are strict anyway), so a response with an
// undocumented member does not conform. Objects that say what else they allow, and the
// free-form `{type: "object"}` of this document itself, are left as they are.
function closeObjects(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(closeObjects);
  if (node === null || typeof node !== "object") return;
  const schema = node as Record<string, unknown>;
  const isObject = schema.type === "object" ||
    (Array.isArray(schema.type) && schema.type.includes("object"));
  if (isObject && "properties" in schema && !("additionalProperties" in schema)) {
    schema.additionalProperties = false;
  }
  Object.values(schema).forEach(closeObjects);
}

/**
 * The OpenAPI 3.1 document of the API, built from the zod schemas the edge validates
 * requests with (never a copy of them) and the response schemas of this folder.
 * @module
 */
import type { Plan, PlanLimits } from "@hire/partners";
import { createDocument, type ZodOpenApiOverrideContext } from "zod-openapi";
import { apiDescription } from "./description.ts";
import { authenticatedHeaders, headerRefs, HEADERS } from "./headers.ts";
import { jobPaths } from "./jobs_paths.ts";
import { problemContent } from "./operations.ts";
import { publicPaths } from "./public_paths.ts";
import { webhookEvents } from "./webhook_events.ts";
import { webhookPaths } from "./webhooks_paths.ts";

/** `docs/api.md`: every decision the specification leaves open, in full. */
const API_DECISIONS_FILE = new URL("../../../docs/api.md", import.meta.url);
/** `docs/asyncapi.yaml`: the Kafka topics, beside the OpenAPI document. */
export const ASYNCAPI_FILE = new URL("../../../docs/asyncapi.yaml", import.meta.url);

/** What the document depends on besides the code. */
export interface OpenApiOptions {
  /** The server's URL: `PUBLIC_BASE_URL`. */
  publicBaseUrl: string;
  /** The single-job body limit: `BODY_LIMIT_BYTES`. */
  bodyLimitBytes: number;
  /** Each plan's configured limits. */
  planLimits: Record<Plan, PlanLimits>;
  /** The text of `docs/api.md`, appended to the introduction. */
  decisions: string;
}

/** The built document. */
export type OpenApiDocument = ReturnType<typeof createDocument>;

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

/** Builds the document. */
export function buildOpenApiDocument(opts: OpenApiOptions): OpenApiDocument {
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Partner hiring API",
      version: "1.0.0",
      description: apiDescription(opts),
    },
    "x-asyncapi": "/v1/asyncapi.yaml",
    servers: [{ url: opts.publicBaseUrl }],
    security: [{ apiKey: [] }],
    tags: TAGS,
    paths: { ...jobPaths(opts), ...webhookPaths(opts), ...publicPaths() },
    webhooks: webhookEvents(),
    components: {
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "hk_live_ followed by 43 base64url characters",
          description: "The partner's API key, issued by the operator and shown once.",
        },
      },
      headers: HEADERS,
      responses: {
        // Answers of a path or method this document does not list.
        RouteNotFound: {
          description: "No endpoint at this path; `partner.version_not_found` for any " +
            "version other than `v1`. A path under `/v1` is answered 401 first without a key.",
          headers: headerRefs(["X-Request-Id"]),
          content: problemContent(404, ["partner.route_not_found", "partner.version_not_found"]),
        },
        MethodNotAllowed: {
          description: "The path exists, the method does not: `Allow` lists the methods it has.",
          headers: { ...authenticatedHeaders(405), ...headerRefs(["Allow"]) },
          content: problemContent(405, ["partner.method_not_allowed"]),
        },
        PublicMethodNotAllowed: {
          description: "As `MethodNotAllowed`, on a path that needs no key.",
          headers: headerRefs(["X-Request-Id", "Allow"]),
          content: problemContent(405, ["partner.method_not_allowed"]),
        },
      },
    },
  }, { override: tidy });
}

// zod leaves a plain object open when it describes a request and closes it when it describes
// a response; this document says the same of both (request bodies are strict anyway), so a
// schema used on both sides is one component, and a response with an undocumented member
// does not conform. zod also spells out the date-time format as a long pattern: the format
// says it.
function tidy({ jsonSchema, zodSchema }: ZodOpenApiOverrideContext) {
  if (zodSchema._zod.def.type === "object" && !("additionalProperties" in jsonSchema)) {
    jsonSchema.additionalProperties = false;
  }
  if (jsonSchema.format === "date-time") delete jsonSchema.pattern;
}

/** Builds the document with `docs/api.md` read from the repository. */
export async function loadOpenApiDocument(
  opts: Omit<OpenApiOptions, "decisions">,
): Promise<OpenApiDocument> {
  return buildOpenApiDocument({ ...opts, decisions: await Deno.readTextFile(API_DECISIONS_FILE) });
}

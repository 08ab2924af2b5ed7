/**
 * The document's components that no route declares: the key scheme, the response headers,
 * the `Problem` schema every problem response points to, and the answers to a path or a
 * method the document does not list.
 * @module
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import { authenticatedHeaders, headerRefs, HEADERS } from "./headers.ts";
import { problemContent } from "./operations.ts";
import { problemSchema } from "./problem_schemas.ts";

/** Declares the components in `registry`. */
export function registerComponents(registry: OpenAPIHono["openAPIRegistry"]): void {
  registry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "hk_live_ followed by 43 base64url characters",
    description: "The partner's API key, issued by the operator and shown once.",
  });
  for (const [name, header] of Object.entries(HEADERS)) {
    registry.registerComponent("headers", name, header);
  }
  registry.register("Problem", problemSchema);
  registry.registerComponent("responses", "RouteNotFound", {
    description: "No endpoint at this path; `partner.version_not_found` for any version " +
      "other than `v1`. A path under `/v1` is answered 401 first without a key.",
    headers: headerRefs(["X-Request-Id"]),
    content: problemContent(404, ["partner.route_not_found", "partner.version_not_found"]),
  });
  registry.registerComponent("responses", "MethodNotAllowed", {
    description: "The path exists, the method does not: `Allow` lists the methods it has.",
    headers: { ...authenticatedHeaders(405), ...headerRefs(["Allow"]) },
    content: problemContent(405, ["partner.method_not_allowed"]),
  });
  registry.registerComponent("responses", "PublicMethodNotAllowed", {
    description: "As `MethodNotAllowed`, on a path that needs no key.",
    headers: headerRefs(["X-Request-Id", "Allow"]),
    content: problemContent(405, ["partner.method_not_allowed"]),
  });
}

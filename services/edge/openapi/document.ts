/**
 * The API document of a deployment without serving it, for tools and tests that check
 * responses against it: generated from the routes of an app built with the deployment's
 * settings, exactly as that app serves it at `/v1/openapi.json`.
 * @module
 */
import { createApp, type EdgeDeps } from "../app.ts";
import type { AppSettings } from "../config.ts";
import {
  generateOpenApiDocument,
  loadOpenApiDocumentOf,
  type OpenApiDocument,
} from "./generate.ts";

export type { OpenApiDocument };

// Generating the document reads the routes and nothing else: no handler runs, so the app
// needs no clients. A stand-in fails loudly should that ever change.
const NO_CLIENT = new Proxy({}, {
  get(_, member) {
    throw new Error(`the document's app serves no request (used ${String(member)})`);
  },
});
const NO_CLIENTS: Record<Exclude<keyof EdgeDeps, keyof AppSettings>, unknown> = {
  sql: NO_CLIENT,
  bus: NO_CLIENT,
  idempotency: NO_CLIENT,
  keyCache: NO_CLIENT,
  jobCache: NO_CLIENT,
  readiness: NO_CLIENT,
  log: NO_CLIENT,
};

const documentApp = (settings: AppSettings) =>
  createApp({ ...settings, ...NO_CLIENTS } as EdgeDeps);

/** The document of an app with these settings; `decisions` is the text of `docs/api.md`. */
export function buildOpenApiDocument(
  opts: AppSettings & { decisions: string },
): OpenApiDocument {
  return generateOpenApiDocument(documentApp(opts), opts);
}

/** The document of an app with `settings`, with `docs/api.md` read from the repository. */
export function loadOpenApiDocument(settings: AppSettings): Promise<OpenApiDocument> {
  return loadOpenApiDocumentOf(documentApp(settings), settings);
}

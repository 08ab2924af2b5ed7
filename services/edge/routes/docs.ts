/**
 * The API reference, served without a key: `/v1/openapi.json` (built from the code once per
 * app), `/v1/asyncapi.yaml` beside it, the reference page `/docs` with its files, and the
 * error catalogue `/docs/errors` that problem documents' `type` URIs point to.
 * @module
 */
import { Hono } from "hono";
import type { AppSettings } from "../config.ts";
import type { EdgeEnv } from "../env.ts";
import { methodNotAllowed } from "../middleware/method_not_allowed.ts";
import { ASYNCAPI_FILE, loadOpenApiDocument } from "../openapi/document.ts";
import { errorCatalogue } from "../openapi/error_catalogue.ts";
import {
  type AssetName,
  errorCataloguePage,
  isAssetName,
  readAsset,
  REFERENCE_ASSETS,
  referencePage,
} from "../openapi/pages.ts";
import { ApiError } from "../problem.ts";

/** What the reference routes need: what the document says of this deployment. */
export type DocsRoutesDeps = Pick<AppSettings, "publicBaseUrl" | "bodyLimitBytes" | "planLimits">;

/** Loads on first use and keeps the result; a failed load is tried again next time. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    loaded ??= load().catch((err) => {
      loaded = undefined;
      throw err;
    });
}

/** The routes, to be mounted at the root before authentication. */
export function docsRoutes(deps: DocsRoutesDeps): Hono<EdgeEnv> {
  const openApi = once(async () => {
    const { publicBaseUrl, bodyLimitBytes, planLimits } = deps;
    return JSON.stringify(await loadOpenApiDocument({ publicBaseUrl, bodyLimitBytes, planLimits }));
  });
  const asyncApi = once(() => Deno.readTextFile(ASYNCAPI_FILE));
  const assets = new Map(
    (Object.keys(REFERENCE_ASSETS) as AssetName[]).map((
      name,
    ) => [name, once(() => readAsset(name))]),
  );
  const page = referencePage();
  const errorsPage = errorCataloguePage(errorCatalogue());
  const onlyGet = methodNotAllowed(["GET"]);

  return new Hono<EdgeEnv>()
    .get("/v1/openapi.json", async (c) => {
      return c.body(await openApi(), 200, { "Content-Type": "application/json" });
    })
    .all("/v1/openapi.json", onlyGet)
    .get("/v1/asyncapi.yaml", async (c) => {
      return c.body(await asyncApi(), 200, { "Content-Type": "application/yaml" });
    })
    .all("/v1/asyncapi.yaml", onlyGet)
    .get("/docs", (c) => c.html(page))
    .all("/docs", onlyGet)
    .get("/docs/errors", (c) => c.html(errorsPage))
    .all("/docs/errors", onlyGet)
    .get("/docs/:asset", async (c) => {
      const name = c.req.param("asset");
      if (!isAssetName(name)) throw new ApiError("partner.route_not_found");
      return c.body(await assets.get(name)!(), 200, {
        "Content-Type": REFERENCE_ASSETS[name],
        "Cache-Control": "public, max-age=3600",
      });
    })
    .all("/docs/:asset", onlyGet);
}

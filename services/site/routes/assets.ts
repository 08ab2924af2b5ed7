/**
 * The site's stylesheet, served by the site itself. Its URL carries a hash of its content,
 * so it can be cached for a year and a new version is fetched the moment it changes.
 * @module
 */
import { createHash } from "node:crypto";
import { Hono } from "hono";
import type { SiteEnv } from "../env.ts";
import { respond } from "../respond.ts";

/** A stylesheet and the URL it is served at. */
export interface Stylesheet {
  css: string;
  href: string;
}

/** Reads the stylesheet shipped beside the code. */
export async function loadStylesheet(): Promise<Stylesheet> {
  const css = await Deno.readTextFile(new URL("../assets/site.css", import.meta.url));
  const hash = createHash("sha256").update(css).digest("hex").slice(0, 12);
  return { css, href: `/assets/site.${hash}.css` };
}

/** Serves the stylesheet at its hashed URL. */
export function assetRoutes(sheet: Stylesheet): Hono<SiteEnv> {
  return new Hono<SiteEnv>().get(
    sheet.href,
    (c) =>
      respond(c, { body: sheet.css, contentType: "text/css; charset=utf-8", caching: "immutable" }),
  );
}

/**
 * The console's stylesheet, served by the console itself at a URL carrying a hash of its
 * content, so it is cached for a year and a new version is fetched the moment it changes.
 * @module
 */
import { createHash } from "node:crypto";
import { Hono } from "hono";
import type { ConsoleEnv } from "../env.ts";

/** A stylesheet and the URL it is served at. */
export interface Stylesheet {
  css: string;
  href: string;
}

/** Reads the stylesheet shipped beside the code. */
export async function loadStylesheet(): Promise<Stylesheet> {
  const css = await Deno.readTextFile(new URL("../assets/console.css", import.meta.url));
  const hash = createHash("sha256").update(css).digest("hex").slice(0, 12);
  return { css, href: `/assets/console.${hash}.css` };
}

/** Serves the stylesheet at its hashed URL. */
export function assetRoutes(sheet: Stylesheet): Hono<ConsoleEnv> {
  return new Hono<ConsoleEnv>().get(sheet.href, (c) => {
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    return c.body(sheet.css, 200, { "Content-Type": "text/css; charset=utf-8" });
  });
}

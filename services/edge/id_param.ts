/**
 * Path ids. One that cannot exist answers like one that does not, 404, without a lookup:
 * the routes' validation hook answers a path parameter that fails its schema with 404.
 * @module
 */
import { idPattern, type IdPrefix } from "@hire/ids";
import { z } from "zod";

/** The schema of a path parameter holding a `prefix` id; `description` documents it. */
export function idParam(prefix: IdPrefix, description: string) {
  return z.string().regex(new RegExp(idPattern(prefix))).meta({ description });
}

/** Path ids: one that cannot exist answers like one that does not, 404, without a lookup. */
import { type IdPrefix, isId } from "@hire/ids";
import { ApiError } from "./problem.ts";

/** `value` when it is a `prefix` id; otherwise throws 404 `partner.not_found`. */
export function idParam(prefix: IdPrefix, value: string): string {
  if (!isId(prefix, value)) throw new ApiError("partner.not_found");
  return value;
}

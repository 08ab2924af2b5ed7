/** Hono's context typing for the edge: what middleware puts on a request. */
import type { KeyOwner } from "@hire/partners";

/** Variables set by middleware. */
export interface EdgeEnv {
  Variables: {
    requestId: string;
    partner: KeyOwner;
  };
}

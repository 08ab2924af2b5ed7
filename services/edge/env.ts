/** Hono's context typing for the edge: what middleware puts on a request. */
import type { KeyOwner } from "@hire/tables";
import type { LimitState } from "./limits/limit_state.ts";

/** Variables set by middleware. */
export interface EdgeEnv {
  Variables: {
    requestId: string;
    partner: KeyOwner;
    /** Set once the request is counted; reported in headers on the way out. */
    limits: LimitState;
  };
}

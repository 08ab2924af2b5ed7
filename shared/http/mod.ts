/**
 * What the HTTP services (the edge, the site, the console) share about anonymous traffic: the
 * client's address, a bounded per-address limiter, and readiness probed in the background.
 * @module
 */
export { clientAddress } from "./client_address.ts";
export {
  type ClientLimiter,
  type ClientLimiterOptions,
  createClientLimiter,
  type Decision,
} from "./client_limiter.ts";
export {
  type CheckStatus,
  type Readiness,
  type ReadinessOptions,
  startReadiness,
} from "./readiness.ts";
export { rateLimit, type RateLimitOptions } from "./rate_limit.ts";
export {
  databaseHealthRoutes,
  type DatabaseReadiness,
  startDatabaseReadiness,
} from "./database_health.ts";

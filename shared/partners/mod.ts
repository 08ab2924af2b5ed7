/**
 * Partners: plans, their limits, and the API key format. Their records live in
 * `@hire/tables` (partners.ts), the only code that writes them.
 * @module
 */
export { generateApiKey, hashApiKey, isWellFormedApiKey, keyPrefix } from "./api_keys.ts";
export { type Feature, type Plan, planIncludes, PLANS } from "./plans.ts";
export { type PlanLimits, planLimits, planLimitsEnv } from "./limits.ts";
export { can, normaliseEmail, type Permission, USER_ROLES, type UserRole } from "./roles.ts";

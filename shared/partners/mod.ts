/**
 * Partners: plans, API keys, and their storage.
 * @module
 */
export { generateApiKey, hashApiKey, isWellFormedApiKey, keyPrefix } from "./api_keys.ts";
export { type Feature, type Plan, planIncludes, PLANS } from "./plans.ts";
export { type PlanLimits, planLimits, planLimitsEnv } from "./limits.ts";
export {
  createPartner,
  findKeyOwner,
  type IssuedKey,
  type KeyOwner,
  KEYS_CHANNEL,
  rotateKey,
  setPlan,
} from "./store.ts";

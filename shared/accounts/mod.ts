/**
 * A partner's account as partners change it, by API or in the console: API keys, webhooks
 * and the console's users. One code path for both callers: each change is validated,
 * limited, audited with who made it and announced here, never in a route.
 * @module
 */
export * from "./api_keys.ts";
export * from "./webhooks.ts";
export * from "./users.ts";

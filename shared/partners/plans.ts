/**
 * Plans of the spec: Sandbox, Growth, Scale. Bulk create and webhooks need Growth or Scale.
 * @module
 */

/** Plan names as stored and as accepted by `deno task partner`. */
export const PLANS = ["sandbox", "growth", "scale"] as const;
export type Plan = typeof PLANS[number];

/** Features that only some plans include. */
export type Feature = "bulk_create" | "webhooks";

const FEATURES: Record<Plan, readonly Feature[]> = {
  sandbox: [],
  growth: ["bulk_create", "webhooks"],
  scale: ["bulk_create", "webhooks"],
};

/** Whether `plan` includes `feature`. */
export function planIncludes(plan: Plan, feature: Feature): boolean {
  return FEATURES[plan].includes(feature);
}

/**
 * Configuration both the edge (registration) and the delivery service (send time) read,
 * so the address rule is the same at both checks.
 * @module
 */
import { boolVar } from "@hire/config";

/** Environment fragment of the webhook address rule. */
export const webhookAddressEnv = {
  /**
   * Lifts the rule that webhook URLs must reach public internet addresses (https stays
   * required). For local development and tests only: in production it lets partners
   * point the service at its own network.
   */
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: boolVar(false),
};

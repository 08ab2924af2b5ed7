/**
 * The consumer groups of the services, each with the variable that overrides its id.
 * @module
 */
import type { ConsumerGroup } from "./declaration.ts";

/** Every consumer group, by what it does. */
export const GROUPS = {
  job: { service: "job", env: "JOB_GROUP_ID", default: "job-service" },
  embedding: { service: "embedding", env: "EMBEDDING_GROUP_ID", default: "embedding-service" },
  matching: { service: "matching", env: "MATCHING_GROUP_ID", default: "matching-service" },
  delivery: { service: "delivery", env: "DELIVERY_GROUP_ID", default: "delivery" },
  deliveryLadder: {
    service: "delivery",
    env: "DELIVERY_LADDER_GROUP_ID",
    default: "delivery-ladder",
  },
} as const satisfies Record<string, ConsumerGroup>;

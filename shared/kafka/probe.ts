/**
 * The queue port's readiness probe on Kafka: the broker answers a metadata request.
 * @module
 */
import type { Kafka } from "kafkajs";
import type { QueueProbe } from "@hire/queue";
import { rethrowAsQueueError } from "./errors.ts";

/** A probe that owns an admin connection. */
export interface KafkaProbe extends QueueProbe {
  /** Connects now; resolves false when the broker is unreachable (a later check reconnects). */
  connect(): Promise<boolean>;
  disconnect(): Promise<void>;
}

/** Checks the cluster with `describeCluster`, as a load balancer's readiness check needs. */
export function createKafkaProbe(kafka: Kafka): KafkaProbe {
  const admin = kafka.admin();
  return {
    connect: () => admin.connect().then(() => true, () => false),
    check: () => admin.describeCluster().then(() => {}, rethrowAsQueueError),
    disconnect: () => admin.disconnect(),
  };
}

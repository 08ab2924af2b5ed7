/**
 * A machine as `describeMachine` reports one, for the reports' tests, which render it but
 * assert nothing about it.
 * @module
 */
import type { Machine } from "./machine.ts";

export const TEST_MACHINE: Machine = {
  nproc: 2,
  cpuModel: "AMD EPYC",
  cpuVectorExtensions: "avx2",
  proactiveReclaim: "none (no DAMON pageout scheme running)",
  memoryGiB: 23.5,
  os: "Debian GNU/Linux 12 (bookworm)",
  kernel: "6.18",
  deno: "Deno 2.9.6",
  postgres: "PostgreSQL 15.20",
  kafka: "Kafka 3.9.1",
  java: "openjdk 17",
  loadGenerator: "in-process",
};

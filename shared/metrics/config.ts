/** The metrics variables every worker service reads (`...metricsEnv` in its schema). */
import { z } from "zod";

/** `METRICS_PORT` and `METRICS_HOSTNAME`, documented once in the root README. */
export const metricsEnv = {
  /** Port of `/metrics` (Prometheus text format); unset: metrics are not served. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * Address `/metrics` listens on: loopback by default, so nothing is published by
   * accident; `0.0.0.0` in a container whose scraper is on the container network.
   */
  METRICS_HOSTNAME: z.string().min(1).default("127.0.0.1"),
};

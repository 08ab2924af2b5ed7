/**
 * Metrics: counters and gauges with labels, rendered in the Prometheus text exposition format, and
 * `/metrics` over HTTP. Pure but for {@link serveMetrics}.
 * @module
 */
export {
  type Counter,
  createRegistry,
  type Gauge,
  type MetricSpec,
  type Registry,
} from "./registry.ts";
export { EXPOSITION_CONTENT_TYPE } from "./exposition.ts";
export { metricsHandler, type MetricsServer, serveMetrics } from "./serve.ts";
export { metricsEnv } from "./config.ts";

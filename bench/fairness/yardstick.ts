/**
 * The yardstick of the fairness benchmark: a bare Hono handler on loopback HTTPS (the test
 * CA's certificate, as the receivers have), sent the same kind of body by the delivery
 * service's own HTTP client at the healthy stream's rate, in the benchmark's process (where
 * the receivers and the service run too). Send → handler start is what an attempt costs
 * with no Kafka, no Postgres and no queue; the run's latencies are also given as multiples
 * of it.
 * @module
 */
import { Hono } from "hono";
import {
  createWebhookHttpClient,
  type WebhookHttpClientOptions,
} from "@hire/delivery-service/http_client.ts";
import { newId } from "@hire/ids";
import { sleep } from "@hire/testing/receiver.ts";
import { testCertificates } from "@hire/testing/test_ca.ts";
import { type LatencyStats, latencyStats, roundedStats } from "../common/stats.ts";

/** What the bare handler measured. */
export interface BareResult {
  requests: number;
  /** Requests that got no 2xx. */
  failed: number;
  /** Send → handler start, in ms. */
  latency_ms: LatencyStats;
}

/** An envelope of the size the benchmark's events have. */
function envelope(id: string): string {
  const now = new Date().toISOString();
  const jobId = newId("job");
  return JSON.stringify({
    id,
    type: "job.deleted",
    created_at: now,
    data: { job_id: jobId, service_url: `https://jobs.example.sa/jobs/${jobId}`, deleted_at: now },
  });
}

/** POSTs `count` envelopes at `rate` a second to a bare Hono handler; how long each took. */
export async function measureBareHono(
  clientOptions: WebhookHttpClientOptions,
  load: { rate: number; count: number },
): Promise<BareResult> {
  const { certPem, keyPem } = await testCertificates();
  const arrivedAt = new Map<string, number>();
  const app = new Hono().post("/", async (c) => {
    arrivedAt.set(c.req.header("x-request-id") ?? "", Date.now());
    await c.req.text();
    return c.text("ok");
  });
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    cert: certPem,
    key: keyPem,
    onListen: () => {},
  }, app.fetch);
  const client = createWebhookHttpClient(clientOptions);
  const url = `https://localhost:${server.addr.port}/`;
  try {
    const sentAt = new Map<string, number>();
    const posts: Promise<boolean>[] = [];
    const start = performance.now();
    for (let i = 0; i < load.count; i++) {
      const wait = start + (i * 1000) / load.rate - performance.now();
      if (wait > 0) await sleep(wait);
      const id = newId("evt");
      sentAt.set(id, Date.now());
      posts.push(
        client.post({
          url,
          headers: { "Content-Type": "application/json", "X-Request-Id": id },
          body: envelope(id),
        }).then((r) => r.ok),
      );
    }
    const ok = await Promise.all(posts);
    const latencies = [...sentAt].flatMap(([id, at]) => {
      const arrived = arrivedAt.get(id);
      return arrived === undefined ? [] : [arrived - at];
    });
    return {
      requests: load.count,
      failed: ok.filter((x) => !x).length,
      latency_ms: roundedStats(latencyStats(latencies)),
    };
  } finally {
    client.close();
    await server.shutdown();
  }
}

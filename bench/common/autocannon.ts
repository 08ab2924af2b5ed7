/**
 * The fallback load generator: autocannon, run inside this process. It costs far more
 * CPU than wrk, which on a small machine is CPU taken from the system under test, so it
 * is used only when wrk cannot be installed.
 * @module
 */
import { createBody, JOBS_PATH, type LoadResult, type LoadSpec } from "./load.ts";

// Loaded only when needed: a non-literal specifier keeps autocannon out of the module
// graph (and the shared lockfile) unless the fallback is really used.
const AUTOCANNON_SPECIFIER = ["npm:autocannon", "8.0.0"].join("@");

/** Label of the fallback in the results. */
export const AUTOCANNON_VERSION = "autocannon 8.0.0 (npm, in-process)";

type Autocannon = (opts: Record<string, unknown>) => Promise<unknown>;

interface AutocannonResult {
  requests: { total: number };
  latency: { p50: number; p75: number; p90: number; p99: number };
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number | string }>;
}

/** Runs autocannon for `spec`. */
export async function runAutocannon(spec: LoadSpec, nonce: string): Promise<LoadResult> {
  const headers: Record<string, string> = { authorization: `Bearer ${spec.apiKey}` };
  let n = 0;
  const kind = spec.kind;
  const request = kind.type === "create"
    ? {
      method: "POST" as const,
      path: JOBS_PATH,
      headers: { ...headers, "content-type": "application/json" },
      setupRequest: (req: Record<string, unknown>) => ({
        ...req,
        body: JSON.stringify(createBody(kind, `Bench Engineer ${nonce}-${n}`, n++)),
      }),
    }
    : {
      method: "GET" as const,
      path: JOBS_PATH,
      headers,
      setupRequest: (req: Record<string, unknown>) => {
        const ids = (spec.kind as { ids: string[] }).ids;
        return { ...req, path: `${JOBS_PATH}/${ids[n++ % ids.length]}` };
      },
    };
  const { default: autocannon } = await import(AUTOCANNON_SPECIFIER) as { default: Autocannon };
  const r = await autocannon({
    url: spec.baseUrl,
    connections: spec.connections,
    duration: spec.durationS,
    timeout: spec.timeoutS,
    requests: [request],
  }) as unknown as AutocannonResult;
  const statuses: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {})) {
    if (Number(count) > 0) statuses[code] = Number(count);
  }
  return {
    requests: r.requests.total,
    elapsedS: r.duration,
    requestsPerSec: r.requests.total / r.duration,
    latencyMs: { p50: r.latency.p50, p75: r.latency.p75, p90: r.latency.p90, p99: r.latency.p99 },
    statuses,
    non2xx: r.non2xx,
    // autocannon counts timeouts among its errors.
    socketErrors: {
      connect: 0,
      read: Math.max(0, r.errors - r.timeouts),
      write: 0,
      timeout: r.timeouts,
    },
  };
}

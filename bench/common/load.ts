/**
 * What a load run sends and what it measured, independent of the load generator.
 * @module
 */
/** The jobs collection's path. */
export const JOBS_PATH = "/v1/partner/jobs";

/** A job's title and description, which a create load may take in turn. */
export interface JobText {
  title: string;
  description: string;
}

/**
 * What to send: creates with unique titles ({@link jobBody}'s, or with `texts` in turn, each
 * title made unique), or reads cycling through known ids.
 */
export type LoadKind =
  | { type: "create"; texts?: readonly JobText[] }
  | { type: "retrieve"; ids: string[] };

/** One load run's input. */
export interface LoadSpec {
  /** The scenario's name, for logs and results. */
  scenario: string;
  baseUrl: string;
  apiKey: string;
  kind: LoadKind;
  durationS: number;
  connections: number;
  threads: number;
  timeoutS: number;
}

/** Connect/read/write errors and timeouts of the load generator's sockets. */
export interface SocketErrors {
  connect: number;
  read: number;
  write: number;
  timeout: number;
}

/** What a load run measured. */
export interface LoadResult {
  /** Completed requests, whatever their status. */
  requests: number;
  /** Seconds the run really lasted. */
  elapsedS: number;
  requestsPerSec: number;
  latencyMs: { p50: number; p75: number; p90: number; p99: number };
  /** Responses by status code, when the generator reports them. */
  statuses: Record<string, number>;
  /** Responses whose status is not 2xx. */
  non2xx: number;
  socketErrors: SocketErrors;
}

/** The create body, with `title` varying per request. */
export function jobBody(title: string) {
  return {
    title,
    description: "Builds and runs the services behind our hiring platform. Benchmark job.",
    city: "Riyadh",
    employment_type: "full_time" as const,
    salary_min: 10000,
    salary_max: 20000,
  };
}

/** Total of the socket errors. */
export function socketErrorCount(e: SocketErrors): number {
  return e.connect + e.read + e.write + e.timeout;
}

/**
 * The body of a create load's `n`th request (from 0): {@link jobBody}'s, with `unique` for a
 * title, or with `texts`' in turn, `unique` before its title.
 */
export function createBody(kind: { texts?: readonly JobText[] }, unique: string, n: number) {
  const texts = kind.texts;
  if (!texts?.length) return jobBody(unique);
  const text = texts[n % texts.length]!;
  return { ...jobBody(`${unique} ${text.title}`), description: text.description };
}

/**
 * The fault suite's settings: `CHAOS_*` variables and `--scenario`, read once at start-up and
 * recorded whole in the JSON results so a run can be repeated.
 * @module
 */
import { parseArgs } from "node:util";
import { positiveInt } from "../common/config.ts";
import { LOCAL } from "../../deploy/local/run.ts";
import type { LocalBroker } from "../../deploy/local/kafka.ts";

/** The faults, one scenario each, in the order a full run makes them. */
export const SCENARIOS = ["broker", "job", "embed", "match", "deliver", "site", "edge"] as const;
/** `broker`, or a service by its `deno task dev` name. */
export type ScenarioName = typeof SCENARIOS[number];

/** What a run does. */
export interface ChaosConfig {
  scenarios: ScenarioName[];
  /** The suite's own database, made afresh each run beside DATABASE_URL's. */
  database: string;
  /** The suite's own broker: never the shared one, which other runs use. */
  broker: LocalBroker;
  clients: number;
  /** Operations started per second by all clients together. */
  opsPerSecond: number;
  patchShare: number;
  /** Seconds of load before the fault, with the component down, and after its restart. */
  beforeS: number;
  downS: number;
  afterS: number;
  requestTimeoutMs: number;
  /** A client gives an operation up this long after it started. */
  giveUpS: number;
  /** Longest wait, after the load, for the backlog to drain. */
  quietTimeoutS: number;
  /** The bound asserted on readiness after a restart. */
  readyBoundS: number;
  /** Synthetic seekers in the index, so that matching has work. */
  seekers: number;
  /**
   * The services' KAFKA_SESSION_TIMEOUT_MS (their default unless set): how long a killed
   * consumer keeps its partitions, so it bounds readiness after a kill.
   */
  kafkaSessionTimeoutMs: number;
  /** Services write maps of their generated code for `perf` (bench:starvation's `BENCH_STARVATION_PERF`). */
  perfMapped?: boolean;
}

/** Parses `--scenario a,b` (or repeated); all when absent. Throws on an unknown name. */
export function parseScenarios(args: string[]): ScenarioName[] {
  const { values } = parseArgs({
    args,
    options: { scenario: { type: "string", multiple: true } },
    strict: true,
  });
  const asked = (values.scenario ?? []).flatMap((s) => s.split(",")).map((s) => s.trim())
    .filter(Boolean);
  for (const name of asked) {
    if (!(SCENARIOS as readonly string[]).includes(name)) {
      throw new Error(`unknown scenario "${name}"; known: ${SCENARIOS.join(", ")}`);
    }
  }
  return asked.length ? SCENARIOS.filter((s) => asked.includes(s)) : [...SCENARIOS];
}

/** Reads the configuration from the command line and the environment. */
export function readChaosConfig(args: string[]): ChaosConfig {
  return {
    scenarios: parseScenarios(args),
    database: "hire_chaos",
    broker: {
      dir: `${LOCAL}chaos-kafka/`,
      port: positiveInt("CHAOS_KAFKA_PORT", 19092),
    },
    clients: positiveInt("CHAOS_CLIENTS", 4),
    opsPerSecond: positiveInt("CHAOS_RATE", 4),
    patchShare: 0.25,
    beforeS: positiveInt("CHAOS_BEFORE", 8),
    downS: positiveInt("CHAOS_DOWN", 8),
    afterS: positiveInt("CHAOS_AFTER", 12),
    requestTimeoutMs: 15_000,
    giveUpS: positiveInt("CHAOS_GIVE_UP", 150),
    quietTimeoutS: positiveInt("CHAOS_QUIET_TIMEOUT", 180),
    readyBoundS: positiveInt("CHAOS_READY_BOUND", 90),
    seekers: positiveInt("CHAOS_SEEKERS", 100),
    kafkaSessionTimeoutMs: positiveInt("KAFKA_SESSION_TIMEOUT_MS", 30_000),
  };
}

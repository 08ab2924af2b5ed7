/**
 * `deno task bench:delivery` (also run by `deno task bench`): webhook delivery throughput,
 * latency from an event on `jobs.events.v1` to the first attempt at the receiver, isolation
 * of healthy webhooks from one that always takes the full timeout, and the delivery
 * service's resident size. The delivery service runs as production runs it, in a process of
 * its own (`services/delivery/main.ts`, as `deno task dev` starts it) on a database of its
 * own, `hire_bench_delivery`, made afresh, and on topics of the run's own; the HTTPS
 * receivers (bare Hono handlers) in another process; the producer in this one. A bare
 * client process sending to the receivers is the yardstick every figure is also given
 * against. Writes `bench/results/delivery.md` and `delivery-<date>.json`.
 *
 * | variable                        | default | meaning                                       |
 * | ------------------------------- | ------- | --------------------------------------------- |
 * | `BENCH_DELIVERY_EVENTS`         | `3000`  | events of the burst                           |
 * | `BENCH_DELIVERY_SUSTAINED_RATE` | `1100`  | events/s (× 2 webhooks) of the sustained run  |
 * | `BENCH_DELIVERY_RATE`           | `100`   | events/s of the latency run                   |
 * | `BENCH_DELIVERY_DURATION`       | `20`    | seconds of the sustained, latency, isolation runs |
 * | `BENCH_DELIVERY_SLOW_RATE`      | `20`    | events/s to the slow webhook (isolation)      |
 * | `BENCH_DELIVERY_HEALTHY_RATE`   | `50`    | events/s to the healthy webhooks (isolation)  |
 * | `BENCH_DELIVERY_BARE_DURATION`  | `10`    | seconds of each phase of the bare sender      |
 * | `BENCH_DELIVERY_BROKER_WARMUP`  | `60`    | seconds of broker warm-up first (`0` skips it) |
 * | `BENCH_DELIVERY_PROFILE`        | unset   | `1`: the service under `--cpu-prof`, profile kept in `bench/results/profiles/` |
 * @module
 */
import { loadDeliveryConfig } from "@hire/delivery-service/config.ts";
import { sleep } from "@hire/testing/receiver.ts";
import { startBareSender } from "./bare_sender.ts";
import { CONFIG } from "./config.ts";
import { figures, meets, TARGETS } from "./figures.ts";
import { keepProfile } from "./profile.ts";
import { monotonicUs } from "../baselines/profiles.ts";
import { portAllocator } from "./process_fleet.ts";
import { residentKiB, toMiB, watchProcess } from "./process_usage.ts";
import { startReceiversProcess } from "./receivers.ts";
import { deliveryMarkdown, type Versions } from "./report.ts";
import type { DeliveryResults } from "./results.ts";
import {
  type Bench,
  isolationScenario,
  latencyScenario,
  sustainedScenario,
  throughputScenario,
} from "./scenarios.ts";
import { startDeliverySystem } from "./system.ts";
import { warmBroker } from "../common/broker_warmup.ts";
import { type AutovacuumStandIn, startAutovacuumStandIn } from "../common/autovacuum.ts";
import { commitUnderTest } from "../common/commit.ts";
import { describeMachine, type Machine } from "../common/machine.ts";
import { datedJsonName, RESULTS_DIR, ROOT, step } from "../common/proc.ts";

async function versions(machine: Machine): Promise<Versions> {
  const root = JSON.parse(await Deno.readTextFile(`${ROOT}deno.json`));
  const service = JSON.parse(await Deno.readTextFile(`${ROOT}services/delivery/deno.json`));
  return {
    delivery_service: `${service.name} ${service.version}`,
    commit: await commitUnderTest(),
    kafkajs: String(root.imports.kafkajs).replace("npm:", ""),
    postgres_js: String(root.imports.postgres).replace("npm:", ""),
    deno: machine.deno,
    postgres: machine.postgres,
    kafka: machine.kafka,
  };
}

/** Receiver ports: 5 + 5 + 5 partners, 6 ports for isolation, 1 for the bare sender. */
const RECEIVER_PORTS = 22;

async function residentMiB(pid: number): Promise<number> {
  return toMiB(await residentKiB(pid) ?? NaN);
}

async function main() {
  const date = new Date().toISOString().slice(0, 10);
  const profileDir = CONFIG.profile
    ? await Deno.makeTempDir({ prefix: "bench-delivery-prof-" })
    : undefined;
  const receivers = await startReceiversProcess({
    count: RECEIVER_PORTS,
    slowMs: CONFIG.webhookTimeoutMs + 1000,
  });
  step(`receivers (pid ${receivers.pid}) on ${receivers.ports.length} ports`);
  const system = await startDeliverySystem(CONFIG.database, {
    webhookTimeout: `${CONFIG.webhookTimeoutMs / 1000}s`,
    logDir: `${ROOT}.local/bench/delivery/logs`,
    ...(profileDir ? { profileDir } : {}),
  });
  const cfg = loadDeliveryConfig(system.env);
  const limits = {
    maxInFlight: cfg.WEBHOOK_MAX_IN_FLIGHT,
    socketsPerHost: cfg.DELIVERY_CONCURRENCY,
  };
  const nextPort = portAllocator(receivers.ports);
  const bench: Bench = { system, receivers, nextPort };
  let results: DeliveryResults;
  let profileWindow: [number, number] = [0, 0];
  let autovacuum: AutovacuumStandIn | null = null;
  try {
    // The run writes about 100,000 attempts into a database made afresh: without autovacuum
    // (this machine's server) every claim would read the dead index entries of all of them,
    // through plans made while the table was empty.
    const brokerWarmup = await warmBroker(system.brokers, CONFIG.brokerWarmupS);
    autovacuum = await startAutovacuumStandIn(system.sql);
    step(`delivery service at rest for ${CONFIG.restS} s`);
    await sleep(CONFIG.restS * 1000);
    const atRest = await residentMiB(system.pid);

    const bareUrl = `https://localhost:${nextPort()}/bare`;
    step(
      `bare sender: ${CONFIG.bare.durationS} s as fast as it can, then ${
        CONFIG.sustained.rate * 2
      }/s`,
    );
    const bare = startBareSender(bareUrl, {
      restMs: CONFIG.bare.restMs,
      durationS: CONFIG.bare.durationS,
      concurrency: cfg.DELIVERY_CONCURRENCY,
      rate: CONFIG.sustained.rate * CONFIG.sustained.webhooksPerPartner,
      timeoutMs: CONFIG.webhookTimeoutMs,
      caPath: system.caPath,
    });
    const bareWatch = await watchProcess(bare.pid);
    const bareResult = await bare.result;
    const bareSamples = (await bareWatch.stop()).samples;
    const within = (from: number, to: number) =>
      bareSamples.filter((s) => s.at >= from && s.at <= to).map((s) => s.kib);

    const throughput = await throughputScenario(bench);
    const from = await monotonicUs();
    const sustained = await sustainedScenario(bench);
    profileWindow = [from, await monotonicUs()];
    const latency = await latencyScenario(bench);
    const isolation = await isolationScenario(bench, limits);
    results = {
      bare: {
        ...bareResult,
        memory: {
          at_rest_mib: toMiB(within(bareResult.rest.from, bareResult.rest.to).at(-1) ?? NaN),
          under_load_max_mib: toMiB(
            Math.max(...within(bareResult.max.from, bareResult.paced.to)),
          ),
        },
      },
      throughput,
      sustained,
      latency,
      isolation,
      autovacuum: autovacuum?.done() ?? null,
      broker_warmup: brokerWarmup,
      memory: {
        at_rest_mib: atRest,
        under_load_max_mib: sustained.processes.delivery.rssMaxMiB,
        after_mib: await residentMiB(system.pid),
      },
    };
  } finally {
    step("stopping the delivery service and the receivers (the run's topics are deleted)");
    await autovacuum?.stop();
    await system.stop();
    await receivers.stop();
  }
  if (profileDir) {
    const label = Deno.env.get("BENCH_DELIVERY_PROFILE_NAME") ?? date;
    results.profile = await keepProfile(profileDir, `delivery-${label}-sustained`, profileWindow);
  }
  const at = new Date();
  const machine = await describeMachine(
    "producer in the benchmark's process; HTTPS receivers (bare Hono) in a process of their own",
  );
  const v = await versions(machine);
  const md = deliveryMarkdown(results, { at, machine, versions: v, database: CONFIG.database });
  const figs = figures(results);
  await Deno.mkdir(RESULTS_DIR, { recursive: true });
  await Deno.writeTextFile(new URL("delivery.md", RESULTS_DIR), md);
  await Deno.writeTextFile(
    new URL(datedJsonName("delivery", at), RESULTS_DIR),
    JSON.stringify(
      {
        generated_at: at.toISOString(),
        config: CONFIG,
        targets: TARGETS,
        machine,
        versions: v,
        results,
        figures: figs.map((f) => ({ ...f, met: f.target ? meets(f) : null })),
        met: figs.every(meets),
      },
      null,
      2,
    ) + "\n",
  );
  console.log(md);
}

if (import.meta.main) {
  try {
    await main();
  } catch (err) {
    const text = err instanceof Error ? `${err.stack}\n${err.cause ?? ""}` : String(err);
    console.error(`[bench] failed: ${text}`);
    if (text.includes("does not host this topic-partition")) {
      // `deno task test` deletes every `test.` topic when it starts, this run's included.
      console.error("[bench] was `deno task test` started meanwhile? It deletes `test.` topics.");
    }
    Deno.exit(1);
  }
}

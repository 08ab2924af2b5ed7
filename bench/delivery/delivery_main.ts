/**
 * `deno task bench:delivery` (also run by `deno task bench`): webhook delivery throughput,
 * latency from an event on `jobs.events.v1` to the first attempt at the receiver, and
 * isolation of healthy webhooks from one that always takes the full timeout. Runs the edge
 * and the delivery service in-process (as the integration tests do) on a database of its
 * own, `hire_bench_delivery`, made afresh, and on fresh `test.` topics; HTTPS receivers on
 * loopback. Writes `bench/results/delivery.md` and `delivery-<date>.json`.
 *
 * | variable                      | default | meaning                                     |
 * | ----------------------------- | ------- | ------------------------------------------- |
 * | `BENCH_DELIVERY_EVENTS`       | `3000`  | events of the throughput burst              |
 * | `BENCH_DELIVERY_RATE`         | `100`   | events/s of the latency run                 |
 * | `BENCH_DELIVERY_DURATION`     | `20`    | seconds of the latency and isolation runs   |
 * | `BENCH_DELIVERY_SLOW_RATE`    | `20`    | events/s to the slow webhook (isolation)    |
 * | `BENCH_DELIVERY_HEALTHY_RATE` | `50`    | events/s to the healthy webhooks (isolation) |
 * @module
 */
import { loadDeliveryConfig } from "@hire/delivery-service/config.ts";
import { createPublisher } from "@hire/kafka";
import { CONFIG } from "./config.ts";
import { figures, meets, TARGETS } from "./figures.ts";
import { deliveryMarkdown, type Versions } from "./report.ts";
import type { DeliveryResults } from "./results.ts";
import { isolationScenario, latencyScenario, throughputScenario } from "./scenarios.ts";
import { commitUnderTest } from "../common/commit.ts";
import { freshDatabase } from "../common/fresh_database.ts";
import { describeMachine, type Machine } from "../common/machine.ts";
import { RESULTS_DIR, ROOT, step } from "../common/proc.ts";

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

async function main() {
  const databaseUrl = await freshDatabase(CONFIG.database);
  // stack.ts reads DATABASE_URL when it is first imported.
  Deno.env.set("DATABASE_URL", databaseUrl);
  const { startStack } = await import("@hire/testing/stack.ts");
  step("starting the edge and the delivery service in-process");
  const deliveryEnv = { WEBHOOK_TIMEOUT: `${CONFIG.webhookTimeoutMs / 1000}s` };
  const stack = await startStack({ jobService: false, delivery: { env: deliveryEnv } });
  const cfg = loadDeliveryConfig({ ...stack.env, ...deliveryEnv });
  const limits = {
    maxInFlight: cfg.WEBHOOK_MAX_IN_FLIGHT,
    socketsPerHost: cfg.DELIVERY_CONCURRENCY,
  };
  const publisher = createPublisher(stack.kafka);
  let results: DeliveryResults;
  try {
    await publisher.connect();
    results = {
      throughput: await throughputScenario(stack, publisher),
      latency: await latencyScenario(stack, publisher),
      isolation: await isolationScenario(stack, publisher, limits),
    };
  } finally {
    await publisher.disconnect();
    step("stopping the stack (its topics are deleted)");
    await stack.stop();
  }
  const at = new Date();
  const date = at.toISOString().slice(0, 10);
  const machine = await describeMachine("in-process producer and HTTPS receivers");
  const v = await versions(machine);
  const md = deliveryMarkdown(results, { at, machine, versions: v, database: CONFIG.database });
  const figs = figures(results);
  await Deno.mkdir(RESULTS_DIR, { recursive: true });
  await Deno.writeTextFile(new URL("delivery.md", RESULTS_DIR), md);
  await Deno.writeTextFile(
    new URL(`delivery-${date}.json`, RESULTS_DIR),
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

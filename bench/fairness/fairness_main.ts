/**
 * `deno task bench:fairness`: one partner's webhook deliveries while another partner floods
 * twenty endpoints that never answer, against the same stream alone and a bare Hono handler
 * measured in the same run. Runs the edge and the delivery service in-process (as
 * `bench:delivery`) on a database of its own, `hire_bench_fairness`, made afresh, and on
 * fresh `test.` topics. Writes `bench/results/fairness.md` and `fairness-<date>.json`.
 * About five minutes with the defaults.
 *
 * | variable                         | default                 | meaning                                  |
 * | -------------------------------- | ----------------------- | ---------------------------------------- |
 * | `BENCH_FAIRNESS_DURATION`        | `60`                    | seconds of each healthy stream           |
 * | `BENCH_FAIRNESS_HEALTHY_RATE`    | `5`                     | events/s to the healthy webhook          |
 * | `BENCH_FAIRNESS_NOISY_ENDPOINTS` | `20`                    | the noisy partner's webhooks             |
 * | `BENCH_FAIRNESS_NOISY_RATE`      | Growth's limit ÷ 60 (10) | the noisy partner's events/s            |
 * | `BENCH_FAIRNESS_HEAD_START`      | `15`                    | seconds the flood runs before the stream |
 * | `BENCH_FAIRNESS_BROKER_WARMUP`   | `60`                    | seconds of broker warm-up (`0` skips it) |
 * @module
 */
import { loadDeliveryConfig, webhookClientOptions } from "@hire/delivery-service/config.ts";
import { createPublisher } from "@hire/kafka";
import { warmBroker } from "../common/broker_warmup.ts";
import { commitUnderTest } from "../common/commit.ts";
import { freshDatabase } from "../common/fresh_database.ts";
import { describeMachine } from "../common/machine.ts";
import { datedJsonName, RESULTS_DIR, step } from "../common/proc.ts";
import { createFleet } from "../delivery/fleet.ts";
import { CONFIG } from "./config.ts";
import { fairnessMarkdown, figures, TARGETS } from "./report.ts";
import type { FairnessResults } from "./results.ts";
import { aloneRun, besideNoisyRun, noisyPartner, warmUp } from "./scenarios.ts";
import { measureBareHono } from "./yardstick.ts";
import { meets } from "../delivery/figures.ts";

async function main() {
  const databaseUrl = await freshDatabase(CONFIG.database);
  // stack.ts reads DATABASE_URL when it is first imported.
  Deno.env.set("DATABASE_URL", databaseUrl);
  const { startStack } = await import("@hire/testing/stack.ts");
  step("starting the edge and the delivery service in-process");
  // Production's poll, not the test stack's faster one: each poll also sweeps the queue.
  const deliveryEnv = {
    WEBHOOK_TIMEOUT: `${CONFIG.webhookTimeoutMs / 1000}s`,
    DELIVERY_POLL_MS: "1000",
  };
  const stack = await startStack({ jobService: false, delivery: { env: deliveryEnv } });
  const cfg = loadDeliveryConfig({ ...stack.env, ...deliveryEnv });
  const publisher = createPublisher(stack.kafka);
  const fleet = createFleet(stack);
  let noisy: Awaited<ReturnType<typeof noisyPartner>> | undefined;
  let results: FairnessResults;
  try {
    const brokerWarmup = await warmBroker(cfg.KAFKA_BROKERS.join(","), CONFIG.brokerWarmupS);
    await publisher.connect();
    const healthy = { fleet, partnerId: await fleet.partner(await fleet.receiver(), ["/fast"]) };
    await warmUp(stack, publisher, healthy);
    step(`bare Hono handler: ${CONFIG.healthyRate} POSTs/s for ${CONFIG.durationS} s`);
    const bare = await measureBareHono(await webhookClientOptions(cfg), {
      rate: CONFIG.healthyRate,
      count: CONFIG.healthyRate * CONFIG.durationS,
    });
    const alone = await aloneRun(stack, publisher, healthy);
    noisy = await noisyPartner(stack);
    const besideNoisy = await besideNoisyRun(stack, publisher, healthy, noisy, {
      partner_max_in_flight: cfg.DELIVERY_PARTNER_MAX_IN_FLIGHT,
      webhook_max_in_flight: cfg.WEBHOOK_MAX_IN_FLIGHT,
      concurrency: cfg.DELIVERY_CONCURRENCY,
    });
    results = { bare_hono: bare, alone, beside_noisy: besideNoisy, broker_warmup: brokerWarmup };
  } finally {
    // Hung attempts fail at once when their endpoints close, so the service stops quickly.
    await Promise.all(noisy?.servers.map((s) => s.close()) ?? []);
    await publisher.disconnect();
    await fleet.stop();
    step("stopping the stack (its topics are deleted)");
    await stack.stop();
  }
  const at = new Date();
  const machine = await describeMachine("in-process producer, HTTPS receivers, silent endpoints");
  const commit = await commitUnderTest();
  const md = fairnessMarkdown(results, { at, machine, commit });
  const figs = figures(results);
  await Deno.mkdir(RESULTS_DIR, { recursive: true });
  await Deno.writeTextFile(new URL("fairness.md", RESULTS_DIR), md);
  await Deno.writeTextFile(
    new URL(datedJsonName("fairness", at), RESULTS_DIR),
    JSON.stringify(
      {
        generated_at: at.toISOString(),
        config: CONFIG,
        targets: TARGETS,
        machine,
        commit,
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
    console.error(`[bench] failed: ${err instanceof Error ? err.stack : err}`);
    Deno.exit(1);
  }
}

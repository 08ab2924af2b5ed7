/**
 * How each scenario kills its component (`kill -9` on the real pid), starts it again, and
 * tells it ready: the broker through `broker.ts`, a service through the fleet.
 * @module
 */
import { brokerPid } from "../../deploy/local/kafka.ts";
import type { ServiceName } from "../../deploy/local/services.ts";
import { isReady } from "../common/system.ts";
import { signalBroker } from "../../deploy/local/kafka.ts";
import { restartBroker } from "./broker.ts";
import type { ScenarioName } from "./config.ts";
import type { ChaosContext } from "./context.ts";
import type { RunningLoad } from "./load.ts";
import {
  ALL_GROUPS,
  groupMembers,
  groupsReady,
  SERVICE_GROUPS,
  timeUntil,
  withAdmin,
} from "./probes.ts";

/** How a scenario kills, restarts, and tells its component ready again. */
export interface Fault {
  /** Kills it; says what was killed. */
  kill(): Promise<string>;
  restart(): Promise<void>;
  ready(): Promise<boolean>;
}

export function faultOf(ctx: ChaosContext, name: ScenarioName, load: RunningLoad): Fault {
  const groupsOk = (gone?: Set<string>) =>
    withAdmin(ctx.kafka, (a) => groupsReady(a, groups, gone));
  const groups = name === "broker" ? ALL_GROUPS : SERVICE_GROUPS[name] ?? [];
  if (name === "broker") {
    return {
      async kill() {
        const pid = await brokerPid(ctx.cfg.broker);
        if (!await signalBroker(ctx.cfg.broker, "SIGKILL")) throw new Error("no broker to kill");
        return `kill -9 ${pid} (the Kafka broker)`;
      },
      restart: async () => void await restartBroker(ctx.cfg.broker),
      ready: async () => await isReady(ctx.edgeUrl) && await groupsOk(),
    };
  }
  const service = name as ServiceName;
  let gone = new Set<string>();
  const killService = async () => {
    const pid = ctx.fleet.pid(service);
    await ctx.fleet.kill9(service);
    return `kill -9 ${pid} (${service})`;
  };
  if (service === "edge") {
    return {
      // Creates whose command is published and not yet applied are the ones an edge's death
      // leaves in doubt (the key held, the job made later). The job service, paused with
      // SIGSTOP for a moment (well within its Kafka session), holds them there at the kill.
      async kill() {
        const job = ctx.fleet.pid("job");
        Deno.kill(job, "SIGSTOP");
        try {
          await timeUntil(() => Promise.resolve(load.createsInFlight() >= 2), 3000);
          const inFlight = load.createsInFlight();
          return `${await killService()} with ${inFlight} creates in flight (the job service ` +
            `paused with SIGSTOP around the kill, so their commands were published, not applied)`;
        } finally {
          Deno.kill(job, "SIGCONT");
        }
      },
      restart: () => ctx.fleet.restart(service),
      ready: () => isReady(ctx.edgeUrl),
    };
  }
  return {
    async kill() {
      if (groups.length) gone = await withAdmin(ctx.kafka, (a) => groupMembers(a, groups));
      return await killService();
    },
    restart: () => ctx.fleet.restart(service),
    ready: () => service === "site" ? isReady(ctx.siteUrl) : groupsOk(gone),
  };
}

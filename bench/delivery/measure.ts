/**
 * What a scenario costs the machine: CPU use over the run, the delivery service's and the
 * receivers' CPU and resident size, and TCP connections to the fleet's receivers, measured
 * around the scenario so the figures can be read against them.
 * @module
 */
import { sleep } from "@hire/testing/receiver.ts";
import { snapshot, usage } from "../common/cpu.ts";
import { commandOutput } from "../common/proc.ts";
import { type ProcessUsage, watchProcess } from "./process_usage.ts";

/**
 * Samples established TCP connections per receiver port every 500 ms with `ss`: the client
 * side of the delivery service's socket pool, seen from the receivers. Null without `ss`.
 */
export function sampleConnections(ports: number[]) {
  const max = new Map(ports.map((p) => [p, 0]));
  let running = true;
  let available = true;
  const loop = (async () => {
    while (running && available) {
      const out = await commandOutput("ss", ["-Htn", "state", "established"]);
      if (!out.success) {
        available = false;
        break;
      }
      const counts = new Map<number, number>();
      for (const line of out.stdout.split("\n")) {
        const local = line.trim().split(/\s+/)[2] ?? "";
        const port = Number(local.slice(local.lastIndexOf(":") + 1));
        if (max.has(port)) counts.set(port, (counts.get(port) ?? 0) + 1);
      }
      for (const [port, n] of counts) max.set(port, Math.max(max.get(port)!, n));
      await sleep(500);
    }
  })();
  return {
    /** Most connections seen at once, per receiver port. */
    async stop(): Promise<Map<number, number> | null> {
      running = false;
      await loop;
      return available ? max : null;
    },
  };
}

/** The most connections to any one receiver, for figures per host; null without `ss`. */
export const maxOf = (m: Map<number, number> | null) => (m ? Math.max(0, ...m.values()) : null);

/** The processes a scenario watches. */
export interface Watched {
  /** The delivery service's pid. */
  delivery: number;
  /** The receivers' pid. */
  receivers: number;
}

/** What the watched processes cost over a scenario. */
export interface ProcessesUsage {
  delivery: Omit<ProcessUsage, "samples">;
  receivers: Omit<ProcessUsage, "samples">;
}

/**
 * Runs `run` while measuring CPU use, the watched processes and connections to the fleet's
 * receiver ports.
 */
export async function measured<T>(
  fleet: { ports(): number[] },
  watched: Watched,
  run: () => Promise<T>,
) {
  const connections = sampleConnections(fleet.ports());
  const delivery = await watchProcess(watched.delivery);
  const receivers = await watchProcess(watched.receivers);
  const before = await snapshot();
  const result = await run();
  const cpu = usage(before, await snapshot());
  const strip = ({ samples: _, ...u }: ProcessUsage & { samples: unknown }) => u;
  const processes: ProcessesUsage = {
    delivery: strip(await delivery.stop()),
    receivers: strip(await receivers.stop()),
  };
  // usage() books this process's reaped children as wrk: here they are the `ss` samples.
  const ss = (name: string) => name.startsWith("wrk") ? "ss (connection sampler)" : name;
  return {
    result,
    processes,
    cpu: {
      ...cpu,
      groups: cpu.groups.map((g) => ({ ...g, group: ss(g.group) })),
      top: cpu.top.slice(0, 4).map((t) => ({ ...t, command: ss(t.command) })),
    },
    connections: await connections.stop(),
  };
}

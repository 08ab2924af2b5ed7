/**
 * The services' live heaps over a soak, from V8's line after each of its major collections
 * (`../common/gc_trace.ts`) in the services' logs. V8 writes those lines through a buffer that is
 * flushed when it fills or when the process exits, so the logs are read once the services have
 * stopped.
 * @module
 */
import type { ServiceName } from "../../deploy/local/services.ts";
import { type MajorCollection, majorCollections, processStartedAt } from "../common/gc_trace.ts";
import type { ServiceProcesses } from "../common/service_processes.ts";

/** A major collection during the load: seconds since the load started, sizes in MiB. */
export interface TimedCollection {
  s: number;
  afterMiB: number;
  reservedAfterMiB: number;
}

/** Where each service's log stood and when its process started, taken as the load starts. */
export type LogMarks = Record<string, { offset: number; startedAt: number }>;

/** Marks every running service's log (its size now) and its process's start. */
export async function markLogs(services: ServiceProcesses): Promise<LogMarks> {
  const entries = await Promise.all(
    (Object.entries(services.pids) as [ServiceName, number][]).map(async ([name, pid]) =>
      [name, {
        offset: (await Deno.stat(services.logPath(name))).size,
        startedAt: await processStartedAt(pid),
      }] as const
    ),
  );
  return Object.fromEntries(entries);
}

/**
 * The collections of a process started at `startedAt` (ms since the epoch) that fell within
 * the load, timed from its start: pure.
 */
export function duringLoad(
  collections: readonly MajorCollection[],
  startedAt: number,
  load: { from: number; to: number },
): TimedCollection[] {
  return collections.flatMap((c) => {
    const at = startedAt + c.ms;
    return at < load.from || at > load.to ? [] : [{
      s: Math.round((at - load.from) / 1000),
      afterMiB: c.afterMiB,
      reservedAfterMiB: c.reservedAfterMiB,
    }];
  });
}

/** Each service's major collections during the load, read from its log past its mark. */
export async function collectionsDuringLoad(
  services: Pick<ServiceProcesses, "logPath">,
  marks: LogMarks,
  load: { from: number; to: number },
): Promise<Record<string, TimedCollection[]>> {
  const entries = await Promise.all(
    Object.entries(marks).map(async ([name, mark]) => {
      const bytes = await Deno.readFile(services.logPath(name as ServiceName));
      const output = new TextDecoder().decode(bytes.subarray(mark.offset));
      return [name, duringLoad(majorCollections(output), mark.startedAt, load)] as const;
    }),
  );
  return Object.fromEntries(entries);
}

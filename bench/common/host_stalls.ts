/**
 * What the host did to a run that no process of it did: time the hypervisor gave other
 * machines (steal) and time processes waited on the disk (the kernel's pressure stall
 * information). On a shared virtual machine both come and go: on 2026-12-02's third machine
 * every create froze for 330 ms while the disk took 490 ms over 241 writes, in the phase with
 * the pipeline stopped, and a 500 ms freeze of the draining phase fell in a second of 72
 * ticks of I/O wait. Read every quarter second and told per window, they show beside the
 * window's p99 which tails the host made.
 * @module
 */
import { machineTicks, TICKS_PER_S } from "./cpu.ts";

/** One reading of the host's counters. */
export interface HostSample {
  /** `Date.now()` of the reading. */
  at: number;
  /** Jiffies of steal so far, all cores together. */
  stolenTicks: number;
  /**
   * Microseconds so far in which some process waited on the disk (`/proc/pressure/io`,
   * `some`); null where the kernel keeps no pressure information.
   */
  ioWaitUs: number | null;
}

/** What the host took in one window of a phase. */
export interface HostWindow {
  /** Milliseconds in which some process waited on the disk; null where not known. */
  ioWaitMs: number | null;
  /** Time the hypervisor ran other machines, in % of one core. */
  stolenPct: number;
}

/** The `some` line's `total=` of a `/proc/pressure/*` text, in microseconds. */
export function pressureSomeUs(text: string): number | null {
  const total = /^some .*\btotal=(\d+)/m.exec(text)?.[1];
  return total === undefined ? null : Number(total);
}

/**
 * Microseconds so far in which some process waited on `resource` (`cpu`, `io`, `memory`);
 * null on a kernel without pressure stall information.
 */
export async function readPressureSomeUs(resource: string): Promise<number | null> {
  return pressureSomeUs(await Deno.readTextFile(`/proc/pressure/${resource}`).catch(() => ""));
}

async function readHost(): Promise<HostSample> {
  const [stat, ioWaitUs] = await Promise.all([
    Deno.readTextFile("/proc/stat"),
    readPressureSomeUs("io"),
  ]);
  return { at: Date.now(), stolenTicks: machineTicks(stat).stolen, ioWaitUs };
}

/** Reads the host every `everyMs` until stopped; `stop` resolves with every reading. */
export function watchHost(everyMs = 250): { stop(): Promise<HostSample[]> } {
  const samples: HostSample[] = [];
  let reading = readHost().then((s) => void samples.push(s));
  const timer = setInterval(() => {
    reading = reading.then(readHost).then((s) => void samples.push(s));
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await reading;
      samples.push(await readHost());
      return samples;
    },
  };
}

/**
 * The host's taking in each of `count` windows of `windowMs` from `fromAt` (a `Date.now()`):
 * the growth of its counters between the readings nearest each window's edges.
 */
export function hostByWindow(
  samples: readonly HostSample[],
  fromAt: number,
  windowMs: number,
  count: number,
): HostWindow[] {
  const nearest = (at: number) =>
    samples.reduce((best, s) => Math.abs(s.at - at) < Math.abs(best.at - at) ? s : best);
  return Array.from({ length: count }, (_, i) => {
    if (samples.length < 2) return { ioWaitMs: null, stolenPct: 0 };
    const a = nearest(fromAt + i * windowMs);
    const b = nearest(fromAt + (i + 1) * windowMs);
    const seconds = (b.at - a.at) / 1000;
    const io = a.ioWaitUs === null || b.ioWaitUs === null ? null : b.ioWaitUs - a.ioWaitUs;
    return {
      ioWaitMs: io === null ? null : Math.round(io / 1000),
      stolenPct: seconds > 0
        ? Math.round((100 * (b.stolenTicks - a.stolenTicks)) / TICKS_PER_S / seconds)
        : 0,
    };
  });
}

/**
 * What the API's processes say about their load, and the sum of it a listener keeps. Each
 * process announces the share of one core it used over its last interval; the board holds
 * each sender's latest word and sums those recent enough to still describe the present, so
 * a process that stopped or died stops counting without saying goodbye.
 * @module
 */

/** One announcement: who (a name unique to the process) and the share of a core it used. */
export interface LoadAnnouncement {
  from: string;
  /** CPU time over wall time since the sender's previous announcement (1 = one core). */
  cpu: number;
}

/** `<from> <cpu>`, the NOTIFY payload. */
export function encodeAnnouncement(a: LoadAnnouncement): string {
  return `${a.from} ${a.cpu.toFixed(3)}`;
}

/** The announcement in `payload`, or null for anything else (it is ignored, not trusted). */
export function decodeAnnouncement(payload: string): LoadAnnouncement | null {
  const m = /^(\S{1,64}) (\d{1,4}(?:\.\d{1,6})?)$/.exec(payload);
  return m ? { from: m[1]!, cpu: Number(m[2]) } : null;
}

/** The latest word of each sender, summed while fresh. */
export interface LoadBoard {
  heard(a: LoadAnnouncement, at: number): void;
  /** Share of a core the senders heard within `staleMs` of `at` use together. */
  total(at: number): number;
}

/** A board that forgets a sender not heard from for `staleMs`. */
export function loadBoard(staleMs: number): LoadBoard {
  const latest = new Map<string, { cpu: number; at: number }>();
  return {
    heard: (a, at) => void latest.set(a.from, { cpu: a.cpu, at }),
    total(at) {
      let sum = 0;
      for (const [from, word] of latest) {
        if (at - word.at > staleMs) latest.delete(from);
        else sum += word.cpu;
      }
      return sum;
    },
  };
}

/**
 * A meter of this process's CPU use: each call returns the share of one core used since
 * the previous call (the first call, since the meter was made).
 */
export function cpuMeter(readCpuUs: () => number, now: () => number): () => number {
  let last = { cpuUs: readCpuUs(), at: now() };
  return () => {
    const next = { cpuUs: readCpuUs(), at: now() };
    const wallUs = (next.at - last.at) * 1000;
    const share = wallUs > 0 ? Math.max(0, next.cpuUs - last.cpuUs) / wallUs : 0;
    last = next;
    return share;
  };
}

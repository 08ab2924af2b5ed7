/** A one-line progress bar for long admin commands. @module */

const duration = (s: number) => {
  const m = Math.floor(s / 60);
  return `${m}:${String(Math.round(s % 60)).padStart(2, "0")}`;
};

/**
 * `[#######.............]  35%  3,500/10,000 seekers  117/s  ETA 0:55`. The rate and the
 * ETA are left out until something is done.
 */
export function progressBar(
  p: { done: number; total: number; what: string; elapsedMs: number },
  width = 20,
): string {
  const share = p.total === 0 ? 1 : Math.min(1, p.done / p.total);
  const filled = Math.round(share * width);
  const bar = `[${"#".repeat(filled)}${".".repeat(width - filled)}]`;
  const n = (x: number) => x.toLocaleString("en-US");
  const parts = [
    bar,
    `${String(Math.floor(share * 100)).padStart(3)}%`,
    `${n(p.done)}/${n(p.total)} ${p.what}`,
  ];
  if (p.done > 0 && p.elapsedMs > 0) {
    const rate = p.done / (p.elapsedMs / 1000);
    parts.push(`${rate.toFixed(rate < 10 ? 1 : 0)}/s`);
    if (p.done < p.total) parts.push(`ETA ${duration((p.total - p.done) / rate)}`);
  }
  return parts.join("  ");
}

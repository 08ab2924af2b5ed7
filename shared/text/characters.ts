/**
 * How many characters (Unicode code points) a string holds, as the API's length limits count
 * them: an Arabic letter or an emoji is one, and so is an unpaired surrogate. The same count
 * as `[...s].length`, without building that array of every character: on creates of real
 * postings it was 3.5% of the edge's time (`bench/results/baselines-postings-profiled.md`).
 * @module
 */
export function characterCount(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const high = s.charCodeAt(i);
    if (high < 0xd800 || high > 0xdbff) continue;
    const low = s.charCodeAt(i + 1);
    if (low >= 0xdc00 && low <= 0xdfff) {
      n--;
      i++;
    }
  }
  return n;
}

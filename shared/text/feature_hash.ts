/** A stable hash for feature hashing. @module */

const FNV_OFFSET = 0x811c9dc5;

// FNV-1a over UTF-16 code units, continuing from `h`: folding a prefix once and the rest
// later gives the hash of the two together.
function fold(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}

// murmur3's finaliser.
function finalise(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * A 32-bit hash of a string's UTF-16 code units: FNV-1a, then murmur3's finaliser so every
 * bit (bucket and sign alike) depends on every character. Same input, same hash, on every
 * platform.
 */
export function hashFeature(feature: string): number {
  return finalise(fold(FNV_OFFSET, feature));
}

/**
 * `hashFeature(prefix + rest)` for any `rest`, without building the joined string: for the
 * many features of one kind that share a prefix (`3:` before each 3-gram).
 */
export function prefixedFeatureHash(prefix: string): (rest: string) => number {
  const start = fold(FNV_OFFSET, prefix);
  return (rest) => finalise(fold(start, rest));
}

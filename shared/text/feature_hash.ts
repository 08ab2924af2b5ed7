/** A stable hash for feature hashing. @module */

/**
 * A 32-bit hash of a string's UTF-16 code units: FNV-1a, then murmur3's finaliser so every
 * bit (bucket and sign alike) depends on every character. Same input, same hash, on every
 * platform.
 */
export function hashFeature(feature: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < feature.length; i++) {
    h ^= feature.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * Random fractions for ulid's generator, drawn from a pool of WebCrypto bytes. ulid's own
 * generator asks WebCrypto for one byte per character of an id (16 calls, each a new array
 * and a call into the runtime): under a read load that was 5.5% of the edge's CPU, for the
 * request id every answer carries. The bytes are the same cryptographically random bytes,
 * asked for a pool at a time.
 * @module
 */

/** A source of fractions in [0, 1), multiples of 1/256, as ulid's generator expects. */
export function pooledRandom(
  poolBytes = 4096,
  fill: (bytes: Uint8Array<ArrayBuffer>) => void = (b) => crypto.getRandomValues(b),
): () => number {
  const pool = new Uint8Array(poolBytes);
  let at = pool.length;
  return () => {
    if (at === pool.length) {
      fill(pool);
      at = 0;
    }
    return pool[at++]! / 256;
  };
}

/**
 * The occupation bridge over any provider: each text is read onto the occupation
 * vocabulary and its vector joined with what was read (`@hire/occupations`), so an Arabic
 * nurse and an English nurse meet whatever the text model makes of the two languages.
 * @module
 */
import {
  BRIDGE_DIMENSIONS,
  type ConceptSpace,
  createConceptSpace,
  createRecogniser,
  type Recogniser,
  VOCABULARY,
  VOCABULARY_VERSION,
} from "@hire/occupations";
import type { EmbeddingProvider } from "./provider.ts";

/** What the bridge reads with; the shipped vocabulary unless a test gives its own. */
export interface Bridge {
  recogniser: Recogniser;
  space: ConceptSpace;
  /** Goes into the provider's name, so vectors of another vocabulary are another space. */
  version: string;
}

let shipped: Bridge | undefined;

/** The bridge of the shipped vocabulary, built once. */
export function shippedBridge(): Bridge {
  shipped ??= {
    recogniser: createRecogniser(VOCABULARY),
    space: createConceptSpace(VOCABULARY),
    version: VOCABULARY_VERSION,
  };
  return shipped;
}

/** The suffix the bridge adds to a provider's name. */
export const bridgeSuffix = (version: string): string => `+occupations@${version}`;

/** `inner` with the bridge: vectors `BRIDGE_DIMENSIONS` longer, still unit length. */
export function withOccupationBridge(
  inner: EmbeddingProvider,
  bridge: Bridge = shippedBridge(),
): EmbeddingProvider {
  return {
    name: `${inner.name}${bridgeSuffix(bridge.version)}`,
    dimensions: inner.dimensions + BRIDGE_DIMENSIONS,
    async embed(texts) {
      const vectors = await inner.embed(texts);
      return vectors.map((v, i) => bridge.space.vector(bridge.recogniser.recognise(texts[i]!), v));
    },
    close: () => inner.close(),
  };
}

/**
 * The port every embedding backend implements. Vectors are L2-normalised, so the cosine
 * similarity of two vectors is their dot product.
 * @module
 */

/** Turns texts into vectors. */
export interface EmbeddingProvider {
  /** For logs and benchmarks, e.g. `local:all-minilm-l6-v2-q+ar-ngram`. */
  readonly name: string;
  /** Length of every vector this provider returns. */
  readonly dimensions: number;
  /** Embeds a batch in one call; the result has one unit-length vector per text, in order. */
  embed(texts: string[]): Promise<Float32Array[]>;
  /** Releases the model or connections. */
  close(): Promise<void>;
}

/** A provider failure; `retriable` says whether trying again may succeed. */
export class EmbeddingError extends Error {
  constructor(message: string, readonly retriable: boolean, options?: ErrorOptions) {
    super(message, options);
    this.name = "EmbeddingError";
  }
}

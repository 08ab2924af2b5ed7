/**
 * Gives the vectors stored before the index had blocks their blocks, in the background: on a
 * large index that takes minutes (each row written is indexed again), and searches are right
 * meanwhile, only slower. A fill stopped or failed resumes at the next start.
 * @module
 */
import type { Logger } from "@hire/log";
import type { VectorIndex } from "@hire/vector";

/** The fill under way: `done` settles when it ends; `stop()` ends it after the batch in hand. */
export interface BlocksFill {
  done: Promise<void>;
  stop(): Promise<void>;
}

/** Starts the fill. */
export function startBlocksFill(index: VectorIndex, log: Logger): BlocksFill {
  const stopping = new AbortController();
  const done = index.fillBlocks(stopping.signal).then(
    (filled) => {
      if (filled > 0) {
        log.info("vector blocks filled", { filled, complete: !stopping.signal.aborted });
      }
    },
    (error) =>
      log.error("filling vector blocks failed; searches stay right, only slower", { error }),
  );
  return {
    done,
    async stop() {
      stopping.abort();
      await done;
    },
  };
}

/**
 * The suite's own Kafka broker (KRaft, single node, in `.local/chaos-kafka/` on its own
 * ports), run with `deploy/local/kafka.ts` like the shared one. The suite kills it with
 * SIGKILL, which must never reach the shared broker other runs use: `signalBroker` signals
 * only the pid recorded in this broker's folder, after checking it is a broker run from there.
 * @module
 */
import { ensureKafka, type LocalBroker, signalBroker } from "../../deploy/local/kafka.ts";

/** Kills a broker left by an earlier run and removes its storage: each run starts empty. */
export async function removeLeftoverBroker(b: LocalBroker): Promise<void> {
  await signalBroker(b, "SIGKILL");
  await Deno.remove(b.dir, { recursive: true }).catch(() => {});
}

/** Starts the broker again on its storage; resolves once it serves metadata. */
export const restartBroker = (b: LocalBroker): Promise<string> => ensureKafka(b);

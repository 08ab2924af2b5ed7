/**
 * The suite's own Kafka broker (KRaft, single node, in `.local/chaos-kafka/` on its own
 * ports), run with `deploy/local/kafka.ts` like the shared one. The suite kills it with
 * SIGKILL, which must never reach the shared broker other runs use: every signal goes to
 * the pid recorded in this broker's folder, and only after its command line is checked to
 * be a broker run from that folder.
 * @module
 */
import { brokerPid, ensureKafka, type LocalBroker } from "../../deploy/local/kafka.ts";
import { waitUntil } from "@hire/testing/wait.ts";

/** Whether `pid` is alive (a zombie counts as gone). */
async function alive(pid: number): Promise<boolean> {
  const stat = await Deno.readTextFile(`/proc/${pid}/stat`).catch(() => "");
  return stat !== "" && stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
}

/** The pid of `b`'s running broker, checked to be one; undefined when none runs. */
async function runningPid(b: LocalBroker): Promise<number | undefined> {
  const pid = await brokerPid(b);
  if (!pid || !await alive(pid)) return undefined;
  const cmdline = (await Deno.readTextFile(`/proc/${pid}/cmdline`).catch(() => ""))
    .split("\0");
  const ours = cmdline.includes("kafka.Kafka") && cmdline.includes(`${b.dir}server.properties`);
  return ours ? pid : undefined;
}

/** Sends `signal` to `b`'s broker and waits until it is gone; false when none ran. */
export async function signalBroker(b: LocalBroker, signal: Deno.Signal): Promise<boolean> {
  const pid = await runningPid(b);
  if (!pid) return false;
  Deno.kill(pid, signal);
  await waitUntil(
    `the broker (pid ${pid}) to exit`,
    async () => await alive(pid) ? undefined : true,
    { timeoutMs: 60_000, intervalMs: 100 },
  );
  return true;
}

/** Kills a broker left by an earlier run and removes its storage: each run starts empty. */
export async function removeLeftoverBroker(b: LocalBroker): Promise<void> {
  await signalBroker(b, "SIGKILL");
  await Deno.remove(b.dir, { recursive: true }).catch(() => {});
}

/** Stops the broker: SIGTERM, and SIGKILL when it has not exited within a minute. */
export async function stopBroker(b: LocalBroker): Promise<void> {
  try {
    await signalBroker(b, "SIGTERM");
  } catch {
    await signalBroker(b, "SIGKILL");
  }
}

/** Starts the broker again on its storage; resolves once it serves metadata. */
export const restartBroker = (b: LocalBroker): Promise<string> => ensureKafka(b);

/**
 * The worker runtime. A worker is a declaration: its consumer group, the topics it
 * consumes with the decoder and handler of each, the topics it produces, how many
 * messages a handler takes at once, how many partitions run at once, and which failures
 * waiting cures. `startWorker` runs it on any queue adapter: decode (a malformed message
 * is logged and skipped), handle (the handler runs its own transaction), retry in place
 * while the failure is retriable, commit, heartbeat, flush the outbox, stop gracefully.
 * @module
 */
import type { Logger } from "@hire/log";
import type { Registry } from "@hire/metrics";
import { decodeOrSkip, type Delivered } from "./decode.ts";
import type { BatchControl, MessageQueue, PartitionBatch, ReceivedMessage } from "./port.ts";
import { retryWhile } from "./retry_while.ts";
import { type SetAside, setAsideIn } from "./set_aside.ts";
import { slidingCount } from "./sliding_count.ts";

/** What a handler may do besides its work. */
export interface HandlerContext {
  /** Runs `work`, retrying in place while it fails retriably (the worker's `retriable`). */
  retry<T>(work: () => Promise<T>): Promise<T>;
  /** False once the worker stops or its partition moved: stop before the next step. */
  isRunning(): boolean;
  /**
   * Tells the group this member is alive (the adapter sends it at most once per interval).
   * For a handler that waits long on work it shares with other partitions: see
   * {@link keepingAlive}.
   */
  heartbeat(): Promise<void>;
  /**
   * Not due yet: the messages before `offset` are done; the one at `offset` and the rest of
   * the partition are handed over again at `at` (ms since the epoch), not before.
   */
  redeliverFrom(offset: string, at: number): void;
  /**
   * A message that does not hold together: the handler leaves it without effect, and this
   * logs it (`message set aside`) and counts it; it is committed with its chunk.
   */
  setAside: SetAside;
}

/** Handles decoded messages of one partition, in order. */
export type Handler<T> = (messages: Delivered<T>[], ctx: HandlerContext) => Promise<void>;

/** A topic a worker consumes, as {@link consume} declares it. */
export interface Consumption {
  readonly topic: string;
  /** The handler's work for these messages, or undefined when none of them decodes. */
  prepare(
    messages: readonly ReceivedMessage[],
    log: Logger,
  ): ((ctx: HandlerContext) => Promise<void>) | undefined;
}

type Decoder<T> = (value: Uint8Array | string) => T;

/**
 * Declares a consumed topic: its decoder and handler. With `tombstones`, a message with no
 * value (a deletion on a compacted topic) reaches the handler as `value: null` instead of
 * failing to decode.
 */
export function consume<T>(
  spec: { topic: string; decode: Decoder<T>; tombstones: true; handle: Handler<T | null> },
): Consumption;
export function consume<T>(
  spec: { topic: string; decode: Decoder<T>; tombstones?: false; handle: Handler<T> },
): Consumption;
export function consume<T>(
  spec: { topic: string; decode: Decoder<T>; tombstones?: boolean; handle: Handler<T | null> },
): Consumption {
  return {
    topic: spec.topic,
    prepare(messages, log) {
      const decoded = messages.flatMap((m): Delivered<T | null>[] =>
        spec.tombstones && m.value === null
          ? [{ offset: m.offset, key: m.key, value: null }]
          : decodeOrSkip(m, spec.decode, log)
      );
      return decoded.length ? (ctx) => spec.handle(decoded, ctx) : undefined;
    },
  };
}

/** A worker: what it consumes and produces, and how. */
export interface WorkerDefinition {
  /** Names the worker in errors. */
  name: string;
  /** Consumer group; a new group starts at each topic's oldest message. */
  group: string;
  consumes: readonly Consumption[];
  /** Topics the handlers write to (through the outbox): the ones the service flushes. */
  produces: readonly string[];
  /** Messages handed to a handler at once; offsets are committed after each chunk. */
  chunkSize: number;
  /** Partitions handled at once per process. */
  concurrency: number;
  /**
   * Failures that waiting cures (the database down, a race): retried in place, holding the
   * partition. Any other failure fails the batch, which is delivered again.
   */
  retriable: (err: unknown) => boolean;
  /** When the outbox is flushed: after each chunk (default), or once after the batch. */
  flushAfter?: "chunk" | "batch";
  /**
   * Background work that may wait a little for its messages to come in batches
   * (`SubscribeOptions.gather`); not for work a caller waits on.
   */
  gather?: boolean;
}

/** Checks a declaration; returns it. */
export function defineWorker(def: WorkerDefinition): WorkerDefinition {
  const topics = def.consumes.map((c) => c.topic);
  if (topics.length === 0) throw new Error(`worker ${def.name} consumes no topic`);
  if (new Set(topics).size !== topics.length) {
    throw new Error(`worker ${def.name} declares a topic twice: ${topics.join(", ")}`);
  }
  if (!(def.chunkSize >= 1) || !(def.concurrency >= 1)) {
    throw new Error(`worker ${def.name} needs a chunk size and a concurrency of at least 1`);
  }
  return def;
}

/** What a worker runs on. */
export interface WorkerDeps {
  queue: MessageQueue;
  log: Logger;
  /**
   * The service's outbox, flushed after each commit so what the handlers wrote leaves soon
   * (`startServiceOutbox` of `@hire/outbox`; a failed flush is its to log).
   */
  outbox?: { flushSoon(): void };
  /** Where messages set aside are counted (`hire_messages_set_aside_total`); absent: logged only. */
  metrics?: Registry;
}

/** A started worker. */
export interface RunningWorker {
  /** Lets the batches in progress finish their current chunk, then leaves the group. */
  stop(): Promise<void>;
}

/** Starts consuming; resolves once the worker has joined its group. */
export async function startWorker(
  worker: WorkerDefinition,
  deps: WorkerDeps,
  opts: {
    sessionTimeoutMs?: number;
    /**
     * The least time a batch holds its partition (from the moment it is handed over), so that
     * what arrives meanwhile comes in the next batch, together. Under a steady trickle every
     * message would otherwise be a batch of its own, each paying the whole round of fetch,
     * transaction, outbox flush and commit. A message that finds the partition idle is
     * handled at once, and a batch that came alone is not held (see `batchWindows`); 0 (the
     * default) holds nothing.
     */
    batchWindowMs?: number;
    /**
     * The rate (messages handed over to the worker in the last second) from which nothing is
     * held: rounds of such a flow fill by themselves while the last one is handled, and a hold
     * would only add its wait to every message; under a closed loop of callers, it bounds their
     * throughput. Over a second, not a window: a round's partitions are handed over one after
     * the other, and the first of them would see a flow as a trickle. No bound by default.
     */
    batchWindowUntilRate?: number;
  } = {},
): Promise<RunningWorker> {
  const byTopic = new Map(worker.consumes.map((c) => [c.topic, c]));
  const windows = batchWindows(opts.batchWindowMs ?? 0, opts.batchWindowUntilRate ?? Infinity);
  const subscription = await deps.queue.subscribe({
    group: worker.group,
    topics: [...byTopic.keys()],
    concurrency: worker.concurrency,
    sessionTimeoutMs: opts.sessionTimeoutMs,
    gather: worker.gather,
  }, async (batch, control) => {
    const started = performance.now();
    windows.handedOver(batch.messages.length, started);
    await handleBatch(worker, deps, { batch, control, byTopic });
    if (control.isRunning()) await windows.hold(started);
  });
  await subscription.joined;
  return {
    stop() {
      windows.end();
      return subscription.stop();
    },
  };
}

/**
 * Holds batches until `windowMs` after they began, unless the batch came alone or
 * `untilRate` messages or more were handed over within the last second; `end` lets every
 * hold go, now and later.
 *
 * Alone: one message, and no other handed over from just before it began until its end. That
 * is most likely one caller sending its next request only once this one is answered (a
 * partner syncing its jobs one by one): a hold would gather nothing for it and add its whole
 * wait to every request. Messages that come in company (several in a batch, or batches of one
 * fetch, handed over within a moment of each other) are many callers' flow, which a hold
 * gathers into fewer rounds.
 */
function batchWindows(windowMs: number, untilRate: number) {
  const ends = new Set<() => void>();
  const lastSecond = slidingCount(1000);
  let ended = false;
  return {
    handedOver: (messages: number, at: number) => lastSecond.add(messages, at),
    hold(startedAt: number): Promise<void> {
      const now = performance.now();
      const rest = windowMs - (now - startedAt);
      const alone = lastSecond.since(startedAt - COMPANY_MS) < 2;
      if (ended || rest <= 0 || alone || lastSecond.total(now) >= untilRate) {
        return Promise.resolve();
      }
      return new Promise((resolve) => {
        const release = () => {
          clearTimeout(timer);
          ends.delete(release);
          resolve();
        };
        const timer = setTimeout(release, rest);
        ends.add(release);
      });
    },
    end() {
      ended = true;
      for (const release of ends) release();
    },
  };
}

// The partitions' batches of one fetch are handed over within a millisecond or two.
const COMPANY_MS = 2;

async function handleBatch(
  worker: WorkerDefinition,
  deps: WorkerDeps,
  { batch, control, byTopic }: {
    batch: PartitionBatch;
    control: BatchControl;
    byTopic: Map<string, Consumption>;
  },
): Promise<void> {
  const consumption = byTopic.get(batch.topic);
  if (!consumption) throw new Error(`worker ${worker.name} got ${batch.topic}, not subscribed`);
  const retryOpts = {
    retriable: worker.retriable,
    isRunning: control.isRunning,
    heartbeat: control.heartbeat,
    log: deps.log,
  };
  const flush = () => deps.outbox?.flushSoon();
  const setAside = setAsideIn(batch, deps);
  for (let i = 0; i < batch.messages.length; i += worker.chunkSize) {
    if (!control.isRunning()) return;
    const chunk = batch.messages.slice(i, i + worker.chunkSize);
    const work = consumption.prepare(chunk, deps.log);
    // An array, not a `let`: TypeScript does not follow an assignment made in a callback.
    const later: { offset: string; at: number }[] = [];
    if (work) {
      await retryWhile(() => {
        later.length = 0;
        return work({
          retry: (w) => retryWhile(w, retryOpts),
          isRunning: control.isRunning,
          heartbeat: control.heartbeat,
          redeliverFrom: (offset, at) => void later.push({ offset, at }),
          setAside,
        });
      }, retryOpts);
    }
    const redeliver = later.at(-1);
    const done = redeliver
      ? chunk.filter((m) => BigInt(m.offset) < BigInt(redeliver.offset)).at(-1)
      : chunk.at(-1);
    if (done) control.commit(done.offset);
    await control.heartbeat();
    if (worker.flushAfter !== "batch") flush();
    if (redeliver) return control.redeliverAt(redeliver.offset, redeliver.at);
  }
  if (worker.flushAfter === "batch") flush();
}

/**
 * Awaits `work` while heartbeating every `everyMs`, so that a handler waiting longer than
 * the group's session timeout (on work another partition started, on a yielding pipeline)
 * keeps its partitions instead of having them handed to another member mid-way.
 */
export async function keepingAlive<T>(
  ctx: Pick<HandlerContext, "heartbeat">,
  work: Promise<T>,
  everyMs = 1000,
): Promise<T> {
  const timer = setInterval(() => void ctx.heartbeat().catch(() => {}), everyMs);
  try {
    return await work;
  } finally {
    clearInterval(timer);
  }
}

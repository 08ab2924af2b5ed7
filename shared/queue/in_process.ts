/**
 * The queue in memory, for tests that run the real handlers without a broker. It keeps
 * what the port promises: a key's messages go to one partition and arrive in order, each
 * consumer group has its own committed offsets and starts at the oldest message, delivery
 * is at least once (a failed batch, or one cut short by a stop or a rebalance, is delivered
 * again from the last commit), and a redelivery asked for a time waits for it.
 * @module
 */
import type { Logger } from "@hire/log";
import type {
  BatchHandler,
  MessageQueue,
  OutgoingMessage,
  PartitionBatch,
  Publisher,
  QueueProbe,
  SubscribeOptions,
  Subscription,
  TopicMessages,
  TopicSpec,
} from "./port.ts";
import { QueueUnavailableError } from "./unavailable.ts";

/** Options of {@link InProcessQueue}. */
export interface InProcessQueueOptions {
  /** Most messages of a partition in one batch (default 1000). */
  maxBatchSize?: number;
  /** Wait before a failed batch is delivered again; doubles per failure, at most 1 s (default 50). */
  retryDelayMs?: number;
  /** Where failed batches are logged (default: nowhere). */
  log?: Logger;
}

interface Member {
  handler: BatchHandler;
  concurrency: number;
  running: boolean;
  inFlight: Set<Promise<void>>;
}

interface PartitionState {
  topic: string;
  partition: number;
  /** The next offset the group resumes at. */
  committed: number;
  /** The next offset to deliver. */
  position: number;
  busy: boolean;
  pausedUntil: number;
  timer?: ReturnType<typeof setTimeout>;
  failures: number;
}

interface Group {
  name: string;
  members: Member[];
  /** Changes when members join or leave; batches of an older generation are cut short. */
  generation: number;
  partitions: PartitionState[];
}

const encoder = new TextEncoder();

/** FNV-1a: a stable hash, so a key always lands on the same partition. */
function hash(key: string): number {
  let h = 0x811c9dc5;
  for (const byte of encoder.encode(key)) h = Math.imul(h ^ byte, 0x01000193);
  return h >>> 0;
}

/** A message queue held in memory; also its own readiness probe (always ready). */
export class InProcessQueue implements MessageQueue, QueueProbe {
  readonly #logs = new Map<string, { key: string | null; value: string | null }[][]>();
  readonly #groups = new Map<string, Group>();
  readonly #idleWaiters: (() => void)[] = [];
  readonly #maxBatch: number;
  readonly #retryDelayMs: number;
  readonly #log?: Logger;
  #unkeyed = 0;

  constructor(opts: InProcessQueueOptions = {}) {
    this.#maxBatch = opts.maxBatchSize ?? 1000;
    this.#retryDelayMs = opts.retryDelayMs ?? 50;
    this.#log = opts.log;
  }

  ensureTopics(topics: readonly TopicSpec[]): Promise<string[]> {
    const created = topics.filter((t) => !this.#logs.has(t.topic));
    for (const t of created) {
      this.#logs.set(t.topic, Array.from({ length: t.numPartitions }, () => []));
    }
    return Promise.resolve(created.map((t) => t.topic));
  }

  publisher(): Publisher {
    return {
      send: (record) => this.#append([record]),
      sendBatch: (batch) => this.#append(batch.topicMessages),
      connect: () => Promise.resolve(true),
      existingTopics: () => Promise.resolve(new Set(this.#logs.keys())),
      disconnect: () => Promise.resolve(),
    };
  }

  check(): Promise<void> {
    return Promise.resolve();
  }

  /** Every message of `topic`, partition by partition, as published (for assertions). */
  messages(topic: string): OutgoingMessage[][] {
    return (this.#logs.get(topic) ?? []).map((p) => p.map((m) => ({ ...m })));
  }

  subscribe(opts: SubscribeOptions, handler: BatchHandler): Promise<Subscription> {
    const missing = opts.topics.filter((t) => !this.#logs.has(t));
    if (missing.length) {
      return Promise.reject(new QueueUnavailableError(`no such topic: ${missing.join(", ")}`));
    }
    const group = this.#group(opts.group, opts.topics);
    const member: Member = {
      handler,
      concurrency: opts.concurrency,
      running: true,
      inFlight: new Set(),
    };
    group.members.push(member);
    this.#rebalance(group);
    return Promise.resolve({
      joined: Promise.resolve(),
      stop: async () => {
        if (!member.running) return;
        member.running = false;
        // As a graceful leave: the batches in progress finish, and their commits count.
        while (member.inFlight.size) await Promise.allSettled([...member.inFlight]);
        group.members.splice(group.members.indexOf(member), 1);
        this.#rebalance(group);
      },
    });
  }

  /**
   * Resolves once no batch is in progress and no group has a message it could take now
   * (a partition waiting for a redelivery time counts as idle).
   */
  whenIdle(): Promise<void> {
    return new Promise((resolve) => {
      this.#idleWaiters.push(resolve);
      this.#checkIdle();
    });
  }

  #append(records: readonly TopicMessages[]): Promise<void> {
    const missing = records.filter((r) => !this.#logs.has(r.topic)).map((r) => r.topic);
    if (missing.length) {
      return Promise.reject(new QueueUnavailableError(`no such topic: ${missing.join(", ")}`));
    }
    for (const r of records) {
      const partitions = this.#logs.get(r.topic)!;
      for (const m of r.messages) {
        const key = m.key ?? null;
        const at = (key === null ? this.#unkeyed++ : hash(key)) % partitions.length;
        partitions[at]!.push({ key, value: m.value });
      }
    }
    for (const group of this.#groups.values()) this.#pump(group);
    return Promise.resolve();
  }

  #group(name: string, topics: readonly string[]): Group {
    let group = this.#groups.get(name);
    if (!group) {
      group = { name, members: [], generation: 0, partitions: [] };
      this.#groups.set(name, group);
    }
    for (const topic of topics) {
      if (group.partitions.some((p) => p.topic === topic)) continue;
      this.#logs.get(topic)!.forEach((_, partition) =>
        group.partitions.push({
          topic,
          partition,
          committed: 0,
          position: 0,
          busy: false,
          pausedUntil: 0,
          failures: 0,
        })
      );
    }
    return group;
  }

  /** Membership changed: every member resumes from the committed offsets, as after a rebalance. */
  #rebalance(group: Group): void {
    group.generation++;
    for (const p of group.partitions) {
      if (!p.busy) p.position = p.committed;
      if (group.members.length === 0) {
        clearTimeout(p.timer);
        p.pausedUntil = 0;
      }
    }
    this.#pump(group);
  }

  #owner(group: Group, index: number): Member | undefined {
    const running = group.members.filter((m) => m.running);
    return running.length ? running[index % running.length] : undefined;
  }

  #pump(group: Group): void {
    const now = Date.now();
    group.partitions.forEach((p, index) => {
      if (p.busy || p.pausedUntil > now) return;
      const log = this.#logs.get(p.topic)![p.partition]!;
      if (p.position >= log.length) return;
      const member = this.#owner(group, index);
      if (!member || member.inFlight.size >= member.concurrency) return;
      this.#deliver(group, p, member, log.slice(p.position, p.position + this.#maxBatch));
    });
    this.#checkIdle();
  }

  #deliver(
    group: Group,
    p: PartitionState,
    member: Member,
    slice: { key: string | null; value: string | null }[],
  ): void {
    p.busy = true;
    const generation = group.generation;
    const current = () => member.running && generation === group.generation;
    const batch: PartitionBatch = {
      topic: p.topic,
      partition: p.partition,
      messages: slice.map((m, i) => ({
        offset: String(p.position + i),
        key: m.key,
        value: m.value === null ? null : encoder.encode(m.value),
      })),
    };
    const end = p.position + slice.length;
    let later: { offset: number; at: number } | undefined;
    const run = Promise.resolve()
      .then(() =>
        member.handler(batch, {
          // A partition is never delivered twice at once, so a late commit is still the
          // newest word on it.
          commit: (offset) => void (p.committed = Math.max(p.committed, Number(offset) + 1)),
          heartbeat: () => Promise.resolve(),
          isRunning: current,
          redeliverAt: (offset, at) => void (later = { offset: Number(offset), at }),
        })
      )
      .then(() => {
        p.failures = 0;
        if (generation !== group.generation) p.position = p.committed;
        else if (later) {
          p.position = later.offset;
          this.#pause(group, p, later.at);
        } else p.position = end;
      }, (err) => {
        p.failures++;
        p.position = p.committed;
        this.#log?.error("batch failed; it is delivered again", {
          err,
          group: group.name,
          topic: p.topic,
          partition: p.partition,
        });
        this.#pause(
          group,
          p,
          Date.now() + Math.min(this.#retryDelayMs * 2 ** (p.failures - 1), 1000),
        );
      })
      .finally(() => {
        p.busy = false;
        member.inFlight.delete(run);
        this.#pump(group);
      });
    member.inFlight.add(run);
  }

  #pause(group: Group, p: PartitionState, until: number): void {
    p.pausedUntil = until;
    clearTimeout(p.timer);
    p.timer = setTimeout(() => {
      p.pausedUntil = 0;
      this.#pump(group);
    }, Math.max(0, until - Date.now()));
  }

  #checkIdle(): void {
    if (this.#idleWaiters.length === 0) return;
    const now = Date.now();
    for (const group of this.#groups.values()) {
      if (group.members.every((m) => !m.running)) continue;
      for (const p of group.partitions) {
        if (p.busy) return;
        if (p.pausedUntil <= now && p.position < this.#logs.get(p.topic)![p.partition]!.length) {
          return;
        }
      }
    }
    for (const resolve of this.#idleWaiters.splice(0)) resolve();
  }
}

/**
 * Offsets handled but not yet committed, per partition. kafkajs commits after every batch
 * of every partition; with a dozen partitions consumed at once, offset commits were most of
 * the broker's requests under a create load (bench/results/baselines.md). Workers resolve
 * offsets here instead and the queue commits what is pending on a short interval, in one
 * request for every partition.
 * @module
 */

/** The next offset to read of a partition, as Kafka's OffsetCommit takes it. */
export interface PartitionOffset {
  topic: string;
  partition: number;
  offset: string;
}

/** What was handled since the last {@link PendingOffsets.take}. */
export interface PendingOffsets {
  /** `offset` of `partition` is handled: the partition resumes after it. */
  handled(topic: string, partition: number, offset: string): void;
  /** The pending offsets (the highest of each partition), removed. */
  take(): PartitionOffset[];
  /** Forgets everything pending (the partitions were reassigned). */
  clear(): void;
}

/** An empty set of pending offsets. */
export function pendingOffsets(): PendingOffsets {
  const pending = new Map<string, PartitionOffset>();
  return {
    handled(topic, partition, offset) {
      const next = BigInt(offset) + 1n;
      const key = `${topic}\0${partition}`;
      const prior = pending.get(key);
      if (prior && BigInt(prior.offset) >= next) return;
      pending.set(key, { topic, partition, offset: next.toString() });
    },
    take() {
      const all = [...pending.values()];
      pending.clear();
      return all;
    },
    clear: () => pending.clear(),
  };
}

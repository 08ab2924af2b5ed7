/**
 * Is it ready again? For a service without HTTP (the edge and the site answer `/readyz`,
 * `isReady` of `bench/common/system.ts`), its consumer groups: stable, with a member, and
 * none of the members the killed process had. And how to wait on, or sample, such a probe.
 * @module
 */
import type { Admin, Kafka } from "@hire/kafka";
import { GROUPS } from "@hire/topology";

/** The consumer groups of the services `deno task dev` names job, embed, match, deliver. */
export const SERVICE_GROUPS: Record<string, string[]> = {
  job: [GROUPS.job.default],
  embed: [GROUPS.embedding.default],
  match: [GROUPS.matching.default],
  deliver: [GROUPS.delivery.default, GROUPS.deliveryLadder.default],
};

/** Every service group. */
export const ALL_GROUPS = Object.values(SERVICE_GROUPS).flat();

/** The member ids of `groups` now; a group that cannot be described has none. */
export async function groupMembers(admin: Admin, groups: string[]): Promise<Set<string>> {
  const { groups: described } = await admin.describeGroups(groups);
  return new Set(described.flatMap((g) => g.members.map((m) => m.memberId)));
}

/**
 * Whether every group of `groups` is stable with at least one member and none of `gone`
 * (the members of a killed process, which the broker drops only when their session ends).
 */
export async function groupsReady(
  admin: Admin,
  groups: string[],
  gone: ReadonlySet<string> = new Set(),
): Promise<boolean> {
  try {
    const { groups: described } = await admin.describeGroups(groups);
    return described.length === groups.length &&
      described.every((g) =>
        g.state === "Stable" && g.members.length > 0 &&
        g.members.every((m) => !gone.has(m.memberId))
      );
  } catch {
    return false;
  }
}

/** Runs `fn` with an admin client of its own (the broker may have restarted since). */
export async function withAdmin<T>(kafka: Kafka, fn: (admin: Admin) => Promise<T>): Promise<T> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

/** Polls `probe` every 250 ms; ms until it held, or null after `timeoutMs`. */
export async function timeUntil(
  probe: () => Promise<boolean>,
  timeoutMs: number,
): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started <= timeoutMs) {
    if (await probe().catch(() => false)) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 250));
  }
  return null;
}

/** A probe sampled at a fixed interval, to tell how long it was not ready. */
export interface Sampler {
  samples: { at: number; ok: boolean }[];
  stop(): Promise<void>;
}

/** Samples `probe` every `intervalMs` until stopped. */
export function startSampler(probe: () => Promise<boolean>, intervalMs = 500): Sampler {
  const samples: { at: number; ok: boolean }[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const ok = await probe().catch(() => false);
      samples.push({ at: Date.now(), ok });
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  })();
  return {
    samples,
    async stop() {
      running = false;
      await loop;
    },
  };
}

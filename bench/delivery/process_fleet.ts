/**
 * The webhooks of one scenario on the receivers' process: partners and webhooks registered
 * straight in the run's database (through `@hire/tables` and `@hire/accounts`, as the edge
 * and the console register them; there is no edge in this run), each partner's webhooks on a
 * receiver port of their own that no other scenario uses, and what arrived at them.
 * @module
 */
import type { Sql } from "@hire/db";
import { registerWebhook } from "@hire/accounts";
import { createPartner } from "@hire/tables";
import { sleep } from "@hire/testing/receiver.ts";
import { createSecretBox, parseSecretKeys } from "@hire/webhooks";
import type { ReceiversProcess } from "./receivers.ts";
import { type DeliveryTally, type SentMap, tally } from "./tally.ts";

/** The webhooks of a scenario, by partner, labelled `<receiver port><path>`. */
export interface ProcessFleet {
  /**
   * A new Growth partner with one webhook per path, all on a receiver port of its own, or on
   * `port` (another partner's host).
   */
  partner(paths: string[], port?: number): Promise<string>;
  webhooksOf(partnerId: string): string[];
  labels(): string[];
  /** The receiver ports of this fleet. */
  ports(): number[];
  /** Webhook id by label. */
  ids: Map<string, string>;
  /** Polls until every delivery of `sent` (to `only` partners) arrived or `deadline` passed. */
  settle(sent: SentMap, deadline: number, only?: Set<string>): Promise<DeliveryTally>;
}

/** Hands out the receivers' ports, each to one partner of the run. */
export function portAllocator(ports: readonly number[]) {
  let next = 0;
  return () => {
    const port = ports[next++];
    if (port === undefined) throw new Error(`only ${ports.length} receiver ports: start more`);
    return port;
  };
}

/** A fleet of the run's receivers, taking its ports from `nextPort`. */
export function createProcessFleet(
  deps: { sql: Sql; secretKeys: string; receivers: ReceiversProcess; nextPort: () => number },
): ProcessFleet {
  const secrets = createSecretBox(parseSecretKeys(deps.secretKeys).keys);
  const byPartner = new Map<string, string[]>();
  const ids = new Map<string, string>();
  const ports: number[] = [];
  const webhooksOf = (partnerId: string) => byPartner.get(partnerId) ?? [];
  return {
    async partner(paths, shared) {
      const port = shared ?? deps.nextPort();
      if (!ports.includes(port)) ports.push(port);
      const { partner_id: partnerId } = await createPartner(deps.sql, {
        name: `bench partner ${port}`,
        plan: "growth",
        adminEmails: [],
      });
      for (const path of paths) {
        const row = await registerWebhook(deps.sql, {
          partnerId,
          actor: { kind: "operator" },
          fields: {
            url: `https://localhost:${port}${path}`,
            events: ["job.deleted"],
            is_active: true,
          },
          secrets,
        });
        if (row === "webhook_limit_reached") throw new Error("webhook limit reached");
        const label = `${port}${path}`;
        byPartner.set(partnerId, [...webhooksOf(partnerId), label]);
        ids.set(label, row.id);
      }
      return partnerId;
    },
    webhooksOf,
    labels: () => [...byPartner.values()].flat(),
    ports: () => [...ports],
    ids,
    async settle(sent, deadline, only) {
      const of = only ? (p: string) => (only.has(p) ? webhooksOf(p) : []) : webhooksOf;
      for (;;) {
        const t = tally(sent, deps.receivers.arrivals(), of);
        if (t.missing === 0 || Date.now() >= deadline) return t;
        await sleep(250);
      }
    },
  };
}

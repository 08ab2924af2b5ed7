/**
 * The receivers and webhooks of one scenario and what arrived at them: each scenario makes a
 * fleet of its own and stops it at the end, so no receiver outlives the scenario it served.
 * @module
 */
import { type Receiver, sleep, startReceiver } from "@hire/testing/receiver.ts";
import type { Stack } from "@hire/testing/stack.ts";
import { type Arrival, type DeliveryTally, type SentMap, tally } from "./tally.ts";

/** The webhooks of a scenario, by partner, labelled `<receiver port><path>`, and their receivers. */
export interface Fleet {
  receiver(): Promise<Receiver>;
  /** A new partner with one webhook per path, all on `receiver`; resolves with its id. */
  partner(receiver: Receiver, paths: string[]): Promise<string>;
  webhooksOf(partnerId: string): string[];
  labels(): string[];
  /** The receivers' ports. */
  ports(): number[];
  /** Webhook id by label. */
  ids: Map<string, string>;
  /** Every request received so far; bodies are parsed once. */
  arrivals(): Arrival[];
  /** Polls until every delivery of `sent` (to `only` partners) arrived or `deadline` passed. */
  settle(sent: SentMap, deadline: number, only?: Set<string>): Promise<DeliveryTally>;
  stop(): Promise<void>;
}

export function createFleet(stack: Stack): Fleet {
  const receivers: Receiver[] = [];
  const byPartner = new Map<string, string[]>();
  const ids = new Map<string, string>();
  const read = new Map<Receiver, number>();
  const arrivals: Arrival[] = [];
  const webhooksOf = (partnerId: string) => byPartner.get(partnerId) ?? [];

  const collect = () => {
    for (const r of receivers) {
      const all = r.requests();
      for (const req of all.slice(read.get(r) ?? 0)) {
        let eventId = "";
        try {
          eventId = JSON.parse(req.body).id ?? "";
        } catch { /* not an envelope: matches no event */ }
        arrivals.push({ webhook: `${r.port}${req.path}`, eventId, receivedAt: req.receivedAt });
      }
      read.set(r, all.length);
    }
    return arrivals;
  };

  return {
    async receiver() {
      const r = await startReceiver();
      receivers.push(r);
      return r;
    },
    async partner(receiver, paths) {
      const p = await stack.partner("growth");
      for (const path of paths) {
        const res = await p.call("POST", "/v1/partner/webhooks", {
          url: receiver.url(path),
          events: ["job.deleted"],
        });
        if (res.status !== 201) {
          throw new Error(`register webhook: ${res.status} ${JSON.stringify(res.body)}`);
        }
        const label = `${receiver.port}${path}`;
        byPartner.set(p.partnerId, [...webhooksOf(p.partnerId), label]);
        ids.set(label, res.body.id);
      }
      return p.partnerId;
    },
    webhooksOf,
    labels: () => [...byPartner.values()].flat(),
    ports: () => receivers.map((r) => r.port),
    ids,
    arrivals: collect,
    async settle(sent, deadline, only) {
      const of = only ? (p: string) => (only.has(p) ? webhooksOf(p) : []) : webhooksOf;
      for (;;) {
        const t = tally(sent, collect(), of);
        if (t.missing === 0 || Date.now() >= deadline) return t;
        await sleep(250);
      }
    },
    async stop() {
      await Promise.all(receivers.map((r) => r.stop()));
    },
  };
}

/**
 * What the scenarios work with: the running system's addresses and clients, the partner,
 * the receiver, and the ledger the clients write.
 * @module
 */
import type { Sql } from "@hire/db";
import type { Kafka } from "@hire/kafka";
import type { Receiver } from "@hire/testing/receiver.ts";
import type { ChaosConfig } from "./config.ts";
import type { Fleet } from "./fleet.ts";
import type { Ledger } from "./ledger.ts";
import type { JobBody } from "./load.ts";

/** What every scenario works with. */
export interface ChaosContext {
  cfg: ChaosConfig;
  edgeUrl: string;
  siteUrl: string;
  partnerId: string;
  apiKey: string;
  sql: Sql;
  kafka: Kafka;
  fleet: Fleet;
  receiver: Receiver;
  /** The receiver's path the partner's webhook posts to. */
  hookPath: string;
  ledger: Ledger;
  jobBody: () => JobBody;
}

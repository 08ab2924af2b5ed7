/**
 * The prose that is about all topics at once: the documents' introduction, and the servers
 * of the internal document (the public one names no broker).
 * @module
 */
import type { TopicDeclaration } from "../declaration.ts";
import { text } from "../prose.ts";
import { DEFAULT_RUNGS } from "../specs.ts";
import { configText } from "../kafka_config.ts";

/** Which topics a document holds: the public ones, or every one. */
export type Scope = "public" | "all";

/** Bumped when a document's content changes in a way readers should notice. */
const VERSION = "1.3.0";

const PUBLIC_INTRO = text`
  The **public** Kafka topics of the partner hiring API (jobs posted by partners in Saudi
  Arabia, matched with job seekers): the contract for the data team (and for the webhook
  delivery service). A public topic's version is in its name; a change that would break a
  consumer gets a new topic (\`jobs.events.v2\`). Consumers must ignore fields they do not
  know.

  The service's own processes also hand work to each other over internal topics; those are
  not described here, are not a contract and may change at any time. Broker addresses and
  credentials are given to each consumer when its access is set up: this document names no
  broker.`;

const ALL_INTRO = text`
  Every Kafka topic of the partner hiring API (jobs posted by partners in Saudi Arabia,
  matched with job seekers), for operators. Topics tagged **public** are the contract for the
  data team, versioned in their name (\`asyncapi.yaml\` holds them alone); topics tagged
  **internal** are how the service's own processes hand work to each other (edge → job
  service → embedding service → matching service, and the webhook retry ladder). They are
  not a contract for the data team and may change at any time.`;

// Published by their producers directly; every other topic goes through the outbox.
const WRITTEN_DIRECTLY = ["jobs.commands", "seekers.v1"];

const common = (topics: readonly TopicDeclaration[]) => {
  const names = new Set(topics.map((t) => t.name));
  const direct = WRITTEN_DIRECTLY.filter((n) => names.has(n)).map((n) => `\`${n}\``);
  return text`
  **Keys and values.** Every message key is a UTF-8 string, the id of the message's subject
  (see each message). Every value is one UTF-8 JSON object. Messages carry no headers and no
  schema-registry id.

  **Ordering.** Producers use Kafka's default (murmur2) partitioner on the key, so every
  message of one job (or seeker) lands on one partition and is read in the order it was
  written: the events of one job arrive in the order they happened, whichever service
  emitted them. There is no order between jobs.

  **Delivery: at least once.** Every topic but ${direct.join(" and ")} is written
  through a transactional outbox (table \`outbox\`): in the same Postgres transaction as the
  change it reports, published after commit (acks=all), in the order the rows were written,
  one flusher at a time. A crash between publishing and marking the row published publishes
  the message again with the **same \`id\`**, so a consumer may see a message twice, and the
  second copy may come after later messages of the same job. Deduplicate by the \`id\`: skip
  any \`id\` already processed and the first copies keep the job's order. Nothing committed is
  lost. Profiles on \`seekers.v1\` carry no message id: a repeated profile is recognised by its
  seeker id and \`updated_at\` (the newest version wins).

  **Partitions and retention** are in the table above (replication factor 1 locally). A
  consumer that falls further behind than the retention loses messages. Topics are created
  by \`deno task topics\`, never by auto-creation.

  **Timestamps** are ISO 8601 in UTC with milliseconds, e.g. \`2025-03-01T09:30:00.000Z\`.
  Money is monthly, in SAR, as integers.`;
};

/** The document's `info`. */
export function info(scope: Scope, topics: readonly TopicDeclaration[]): Record<string, unknown> {
  return {
    title: `Partner hiring API – Kafka topics${scope === "all" ? " (all, for operators)" : ""}`,
    version: VERSION,
    description: [scope === "public" ? PUBLIC_INTRO : ALL_INTRO, topicTable(topics), common(topics)]
      .join("\n\n"),
    tags: [
      { name: "public", description: "A versioned contract for consumers outside the service." },
      ...(scope === "all"
        ? [{
          name: "internal",
          description: "Between the service's own processes; not a contract.",
        }]
        : []),
    ],
  };
}

/** The brokers the internal document describes; they are the operators' business only. */
export const SERVERS = {
  local: {
    host: "127.0.0.1:9092",
    protocol: "kafka",
    description: text`
      The broker started by \`deno task infra\` (plaintext, no authentication). Services read
      the broker list from \`KAFKA_BROKERS\` (default \`127.0.0.1:9092\`).`,
  },
  "docker-compose": {
    host: "kafka:9092",
    protocol: "kafka",
    description: text`
      The \`kafka\` service of docker-compose.yml, as containers on the compose network see it
      (plaintext); it is not published on the host.`,
  },
};

function topicTable(topics: readonly TopicDeclaration[]): string {
  return [
    "| topic | visibility | partitions | retention | written by | read by |",
    "|---|---|---|---|---|---|",
    ...topics.map((t) => {
      const name = t.perRetryRung ? `${t.name}.<${t.perRetryRung.parameter}>` : t.name;
      const outside = (does: string) =>
        (t.outside ?? []).filter((o) => o.does === does).map((o) => o.who);
      const writers = [...new Set(t.producers.map((p) => p.service)), ...outside("writes")];
      const readers = [...new Set(t.consumers.map((c) => c.group.service)), ...outside("reads")];
      return `| \`${name}\` | ${t.visibility} | ${t.partitions} | ${
        configText(t.config(DEFAULT_RUNGS))
      } | ${writers.join(", ")} | ${readers.join(", ")} |`;
    }),
  ].join("\n");
}

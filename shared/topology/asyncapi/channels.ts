/**
 * A topic's channel, operations and messages in AsyncAPI 3.0, with the facts the fields
 * already hold (names, key, writers, readers, settings) written out for readers.
 * @module
 */
import type { ConsumerGroup, OutsideParty, TopicConfig, TopicDeclaration } from "../declaration.ts";
import { configText } from "../kafka_config.ts";
import { DEFAULT_RUNGS } from "../specs.ts";
import { type Scope, SERVERS } from "./info.ts";
import { schemaRef } from "./schemas.ts";

const KAFKA_BINDING = "0.5.0";

/** The parts of the document one topic contributes. */
export interface TopicParts {
  channel: Record<string, unknown>;
  operations: Record<string, Record<string, unknown>>;
  messages: Record<string, Record<string, unknown>>;
}

/** The channel, operations and component messages of topic `t` in the document of `scope`. */
export function topicParts(t: TopicDeclaration, scope: Scope): TopicParts {
  const config = t.config(DEFAULT_RUNGS);
  const channelRef = { $ref: `#/channels/${t.channel}` };
  const messageRef = (name: string) => {
    const m = t.messages.find((m) => m.name === name);
    if (!m) throw new Error(`${t.name}: no message "${name}"`);
    return { $ref: `#/channels/${t.channel}/messages/${lowerFirst(m.id)}` };
  };
  const tags = [{ name: t.visibility }];
  const operations: TopicParts["operations"] = {};
  const addOperation = (id: string, op: Record<string, unknown>) => {
    if (id in operations) throw new Error(`${t.name}: two operations are named ${id}`);
    operations[id] = op;
  };
  for (const p of t.producers) {
    addOperation(`${p.service}Sends${upperFirst(t.channel)}`, {
      action: "send",
      channel: channelRef,
      ...prose(p),
      tags,
      messages: p.writes.map(messageRef),
    });
  }
  for (const c of t.consumers) {
    addOperation(`${c.group.service}Receives${upperFirst(t.channel)}`, {
      action: "receive",
      channel: channelRef,
      ...prose(c),
      tags,
      bindings: { kafka: { groupId: groupSchema(c.group), bindingVersion: KAFKA_BINDING } },
      messages: t.messages.map((m) => messageRef(m.name)),
    });
  }
  return {
    channel: {
      address: t.perRetryRung ? `${t.name}.{${t.perRetryRung.parameter}}` : t.name,
      title: t.title,
      summary: t.summary,
      description: `${t.description}\n\n${facts(t, config)}`,
      ...(t.perRetryRung
        ? {
          parameters: { [t.perRetryRung.parameter]: { description: t.perRetryRung.description } },
        }
        : {}),
      ...(scope === "all"
        ? { servers: Object.keys(SERVERS).map((id) => ({ $ref: `#/servers/${id}` })) }
        : {}),
      tags,
      messages: Object.fromEntries(
        t.messages.map((m) => [lowerFirst(m.id), { $ref: `#/components/messages/${m.id}` }]),
      ),
      bindings: {
        kafka: {
          ...(t.perRetryRung ? {} : { topic: t.name }),
          partitions: t.partitions,
          replicas: 1,
          topicConfiguration: topicConfiguration(config),
          bindingVersion: KAFKA_BINDING,
        },
      },
    },
    operations,
    messages: Object.fromEntries(t.messages.map((m) => [m.id, {
      name: m.name,
      title: m.title ?? m.name,
      summary: m.summary,
      ...(m.description ? { description: m.description } : {}),
      contentType: "application/json",
      payload: schemaRef(m.id),
      bindings: { kafka: { key: schemaRef(m.key.schema.id), bindingVersion: KAFKA_BINDING } },
      examples: m.examples,
    }])),
  };
}

/** One line per fact the declaration holds, for the channel's description. */
function facts(t: TopicDeclaration, config: TopicConfig): string {
  const name = t.perRetryRung
    ? `**Topics:** \`${t.name}.<${t.perRetryRung.parameter}>\`, one per rung (prefix variable ` +
      `\`${t.env}\`); ${t.partitions} partitions each`
    : `**Topic:** \`${t.name}\` (variable \`${t.env}\`); ${t.partitions} partitions`;
  const rows = t.messages.map((m) => {
    const by = t.producers.filter((p) => p.writes.includes(m.name)).map((p) => p.service);
    return `| \`${m.name}\` | ${m.summary} | \`${m.key.field}\` | ${by.join(", ")} |`;
  });
  const outside = (does: OutsideParty["does"]) =>
    (t.outside ?? []).filter((o) => o.does === does)
      .map((o) => o.note ? `${o.who} (${o.note})` : o.who);
  const readers = [
    ...t.consumers.map((c) => `the ${c.group.service} service (${groupText(c.group)})`),
    ...outside("reads"),
  ];
  const writers = outside("writes");
  return [
    `${name}; ${configText(config)}${t.perRetryRung ? " with the default schedule" : ""}.`,
    "",
    "| message | meaning | key | written by |",
    "|---|---|---|---|",
    ...rows,
    ...(writers.length ? ["", `**Also written by:** ${writers.join("; ")}.`] : []),
    "",
    `**Read by:** ${readers.join("; ")}.`,
  ].join("\n");
}

function topicConfiguration(config: TopicConfig): Record<string, unknown> {
  const { "cleanup.policy": policy = "delete", "retention.ms": ms } = config;
  return { "cleanup.policy": [policy], ...(ms ? { "retention.ms": Number(ms) } : {}) };
}

function groupText(g: ConsumerGroup): string {
  return `consumer group \`${g.env}\`, default \`${g.default}\``;
}

function groupSchema(g: ConsumerGroup): Record<string, unknown> {
  return { type: "string", description: `${upperFirst(groupText(g))}.`, enum: [g.default] };
}

function prose(p: { title: string; summary?: string; description?: string }) {
  return {
    title: p.title,
    ...(p.summary ? { summary: p.summary } : {}),
    ...(p.description ? { description: p.description } : {}),
  };
}

const lowerFirst = (s: string) => s[0]!.toLowerCase() + s.slice(1);
const upperFirst = (s: string) => s[0]!.toUpperCase() + s.slice(1);

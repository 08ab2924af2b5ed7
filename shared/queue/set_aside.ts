/**
 * Setting a message aside: one that decodes but does not hold together (what it names
 * belongs to different partners, say) takes no effect, is logged for the operator with
 * where it sits and what it names, and is counted; its offset is committed with the rest
 * of its chunk, so it never blocks its partition.
 * @module
 */
import type { Logger } from "@hire/log";
import type { Registry } from "@hire/metrics";
import type { Delivered } from "./decode.ts";

/** Why a message is set aside. */
export interface SetAsideReason {
  /** From a short fixed list, `snake_case`: it is a label of the counter. */
  reason: string;
  /** The ids the message names, for the log line (never a label: they are unbounded). */
  ids?: Readonly<Record<string, string | number>>;
}

/** Sets a message of the handler's partition aside. */
export type SetAside = (
  message: Pick<Delivered<unknown>, "offset" | "key">,
  why: SetAsideReason,
) => void;

/** The counter of messages set aside, by topic and reason. */
export const SET_ASIDE_COUNTER = {
  name: "hire_messages_set_aside_total",
  help: "Messages consumed and set aside without effect: what they name does not belong together.",
  labels: ["topic", "reason"],
} as const;

/** How messages of one partition are set aside: a log line `message set aside`, and the count. */
export function setAsideIn(
  where: { topic: string; partition: number },
  deps: { log: Logger; metrics?: Registry },
): SetAside {
  const counter = deps.metrics?.counter(SET_ASIDE_COUNTER);
  return (message, why) => {
    deps.log.error("message set aside", {
      ...why.ids,
      topic: where.topic,
      partition: where.partition,
      offset: message.offset,
      key: message.key ?? undefined,
      reason: why.reason,
    });
    counter?.inc({ topic: where.topic, reason: why.reason });
  };
}

/**
 * The messages `why` finds nothing against, in order; each of the others is set aside
 * with the reason it gave.
 */
export function setAsideWhere<T>(
  messages: readonly Delivered<T>[],
  ctx: { setAside: SetAside },
  why: (value: T) => SetAsideReason | undefined,
): Delivered<T>[] {
  return messages.filter((m) => {
    const reason = why(m.value);
    if (reason) ctx.setAside(m, reason);
    return !reason;
  });
}

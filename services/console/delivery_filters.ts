/**
 * The delivery log's filter form (a GET form, so the address of a filtered page can be
 * shared) and the recover form's "since", read into what the log's query takes. People type
 * Riyadh dates and times, as every page shows them; an empty field is no filter. What cannot
 * be read is reported by field, for the page to word in its language.
 * @module
 */
import { encodeCursor, isId, parseCursor, type Position } from "@hire/ids";
import { EVENT_TYPES, type EventType } from "@hire/jobs";
import {
  DELIVERY_LOG_RETENTION_DAYS,
  DELIVERY_OUTCOMES,
  type DeliveryOutcome,
} from "@hire/webhooks";

/** The filter form's fields, as named in the query. */
export const FILTER_FIELDS = ["outcome", "event_type", "event_id", "from", "to", "cursor"] as const;

/** One of {@link FILTER_FIELDS}. */
export type FilterField = typeof FILTER_FIELDS[number];

/**
 * Why a field was refused: `invalid`, not a value the field takes (an outcome or type off
 * the list, an id that is not an event's, a date that does not exist, a cursor this page did
 * not write); `range`, the last day is before the first.
 */
export interface FilterProblem {
  field: FilterField;
  code: "invalid" | "range";
}

/** What the log is narrowed to, and where the page starts. */
export interface DeliveryFilters {
  outcome?: DeliveryOutcome;
  eventType?: EventType;
  eventId?: string;
  /** The first moment of the `from` day in Riyadh. */
  createdAfter?: Date;
  /** The first moment after the `to` day in Riyadh: the day itself is included. */
  createdBefore?: Date;
  /** Entries older than this one ("older" pages). */
  after?: Position;
}

/** The form read: its values as typed (to fill the form again) and the filters or problems. */
export interface ParsedFilters {
  values: Record<FilterField, string>;
  filters: DeliveryFilters;
  problems: FilterProblem[];
}

// Saudi Arabia keeps UTC+3 all year (shared/pages' TIME_ZONE, no daylight saving), so a
// Riyadh wall-clock time is that time at +03:00.
const RIYADH_OFFSET = "+03:00";
const RIYADH_OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;

/** Reads the filter form from a query (first values; unknown parameters are not the form's). */
export function parseDeliveryFilters(query: Record<string, string | undefined>): ParsedFilters {
  const values = Object.fromEntries(
    FILTER_FIELDS.map((f) => [f, (query[f] ?? "").trim()]),
  ) as Record<FilterField, string>;
  const filters: DeliveryFilters = {};
  const problems: FilterProblem[] = [];
  const refuse = (field: FilterField) => problems.push({ field, code: "invalid" });

  if (values.outcome) {
    if (isOneOf(DELIVERY_OUTCOMES, values.outcome)) filters.outcome = values.outcome;
    else refuse("outcome");
  }
  if (values.event_type) {
    if (isOneOf(EVENT_TYPES, values.event_type)) filters.eventType = values.event_type;
    else refuse("event_type");
  }
  if (values.event_id) {
    if (isId("evt", values.event_id)) filters.eventId = values.event_id;
    else refuse("event_id");
  }
  const from = values.from ? riyadhDayStart(values.from) : undefined;
  if (values.from && !from) refuse("from");
  if (from) filters.createdAfter = from;
  const to = values.to ? riyadhDayStart(values.to) : undefined;
  if (values.to && !to) refuse("to");
  if (to) filters.createdBefore = new Date(to.getTime() + DAY_MS);
  if (from && to && to < from) problems.push({ field: "to", code: "range" });
  if (values.cursor) {
    const after = parseCursor(values.cursor, "dlv");
    if (after) filters.after = after;
    else refuse("cursor");
  }
  return { values, filters, problems };
}

/**
 * The query of the page after `last` (the oldest entry shown) with the same filters: the
 * "older" link. Empty fields are left out, so the address stays short.
 */
export function olderQuery(
  values: Record<FilterField, string>,
  last: { created_at: Date; id: string },
): string {
  const query = new URLSearchParams();
  for (const field of FILTER_FIELDS) {
    if (field !== "cursor" && values[field]) query.set(field, values[field]);
  }
  query.set("cursor", encodeCursor({ createdAt: last.created_at, id: last.id }));
  return query.toString();
}

/**
 * A `datetime-local` value (`2026-03-01T14:30`, seconds optional) read as Riyadh time;
 * undefined when it is not one or names a time that does not exist.
 */
export function parseRiyadhDateTime(value: string): Date | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return undefined;
  const [, day, hh, mm, ss = "00"] = m;
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return undefined;
  const start = riyadhDayStart(day!);
  return start && new Date(`${day}T${hh}:${mm}:${ss}${RIYADH_OFFSET}`);
}

/**
 * The recover form's "since": a Riyadh date and time no later than `now` and within the
 * delivery log's retention (older attempts are no longer there to resend); else undefined.
 */
export function parseRecoverSince(value: string, now: Date): Date | undefined {
  const since = parseRiyadhDateTime(value);
  if (!since || since > now) return undefined;
  return now.getTime() - since.getTime() > DELIVERY_LOG_RETENTION_DAYS * DAY_MS ? undefined : since;
}

/** An instant as a `datetime-local` value in Riyadh time, to the minute (a form's default). */
export function riyadhDateTimeInput(at: Date): string {
  return new Date(at.getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 16);
}

/** The first moment of a Riyadh day given as `YYYY-MM-DD`; undefined for a day that is not. */
function riyadhDayStart(day: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const at = new Date(`${day}T00:00:00${RIYADH_OFFSET}`);
  // `2026-02-30` parses as 2 March: only a day that reads back the same exists.
  if (Number.isNaN(at.getTime())) return undefined;
  return new Date(at.getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 10) === day
    ? at
    : undefined;
}

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

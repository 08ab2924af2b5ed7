/**
 * The event catalogue's examples, from the one place they are written: the declaration of
 * the public topic `jobs.events.v1` (`@hire/topology`), whose examples the AsyncAPI document
 * publishes. A webhook receives each as its public envelope (without `partner_id`), so that
 * is what the catalogue shows.
 * @module
 */
import { EVENT_TYPES, type EventType, jobEventSchema, publicEnvelope } from "@hire/jobs";
import { TOPICS } from "@hire/topology";

/** One example delivery body of an event type. */
export interface EventExample {
  /** The example's name in the AsyncAPI document, e.g. `jobCreated`. */
  name: string;
  /** The envelope a webhook receives, as indented JSON. */
  json: string;
}

/** An event type with its examples. */
export interface CatalogueEntry {
  type: EventType;
  examples: EventExample[];
}

/** Builds the catalogue from the job events topic's declared messages, in `EVENT_TYPES` order. */
export function eventCatalogue(): CatalogueEntry[] {
  const topic = TOPICS.find((t) => t.value === jobEventSchema);
  return EVENT_TYPES.map((type) => {
    const message = topic?.messages.find((m) => m.name === type);
    if (!message) throw new Error(`the job events topic declares no ${type} message`);
    return {
      type,
      examples: message.examples.map((e) => ({
        name: e.name,
        // Parsed, so an example that no longer fits the contract fails here, not on a page.
        json: JSON.stringify(publicEnvelope(jobEventSchema.parse(e.payload)), null, 2),
      })),
    };
  });
}

/**
 * The HTTP request of one delivery attempt, exactly as the spec lists its headers. Signed
 * when the attempt is made, never when it is queued, so a retry hours later still falls
 * inside the receiver's 5-minute tolerance.
 * @module
 */
import {
  DELIVERY_ID_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  signPayload,
  TIMESTAMP_HEADER,
} from "@hire/webhooks";
import denoJson from "./deno.json" with { type: "json" };
import type { AttemptRequest } from "./http_client.ts";

/** Names the client and its version, so receivers can tell our requests and their origin. */
export const USER_AGENT =
  `HirePlatform-Webhooks/${denoJson.version} (+https://hire.example.sa/docs/webhooks)`;

/** What an attempt sends. */
export interface AttemptInput {
  url: string;
  /** The envelope's JSON text, as stored when the event was first fanned out. */
  body: string;
  eventType: string;
  deliveryId: string;
  /** The current secret first; during a rotation also the previous one. */
  secrets: string[];
  now: Date;
}

/** Builds the signed request of one attempt. */
export function buildRequest(input: AttemptInput): AttemptRequest {
  const signed = signPayload({
    secrets: input.secrets,
    timestamp: Math.floor(input.now.getTime() / 1000),
    body: input.body,
  });
  return {
    url: input.url,
    body: input.body,
    headers: {
      "Content-Type": "application/json",
      "User-Agent": USER_AGENT,
      [EVENT_HEADER]: input.eventType,
      [DELIVERY_ID_HEADER]: input.deliveryId,
      [SIGNATURE_HEADER]: signed.header,
      [TIMESTAMP_HEADER]: signed.timestamp,
    },
  };
}

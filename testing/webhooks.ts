/** Webhook test helpers: registering at a test receiver, publishing events, the log. */
import assert from "node:assert/strict";
import { newId } from "@hire/ids";
import { encodeJobEvent, type JobEvent } from "@hire/jobs";
import type { Receiver } from "./receiver.ts";
import type { Stack, TestPartner } from "./stack.ts";

/** Registers a webhook for `events` at the receiver's `path`; asserts the 201. */
export async function register(
  p: TestPartner,
  receiver: Receiver,
  path: string,
  events: string[],
  extra: Record<string, unknown> = {},
) {
  const res = await p.call("POST", "/v1/partner/webhooks", {
    url: receiver.url(path),
    events,
    ...extra,
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body as { id: string; secret: string };
}

/** A `job.deleted` event of the partner's job `jobId`, happening now (no job row needed). */
export const deletedEvent = (partnerId: string, jobId = newId("job")): JobEvent =>
  ({
    id: newId("evt"),
    type: "job.deleted",
    created_at: new Date().toISOString(),
    partner_id: partnerId,
    data: {
      job_id: jobId,
      service_url: "https://jobs.example.sa/jobs/x",
      deleted_at: new Date().toISOString(),
    },
  }) as JobEvent;

/** Publishes a public event as the job service would (for ladder tests, no job needed). */
export async function publishEvent(stack: Stack, partnerId: string, type = "job.deleted") {
  const event = { ...deletedEvent(partnerId), type } as JobEvent;
  const producer = stack.kafka.producer();
  await producer.connect();
  await producer.send({ topic: stack.topics.events, messages: [encodeJobEvent(event)] });
  await producer.disconnect();
  return event;
}

/** One page of a webhook's delivery log; asserts the 200. */
export async function deliveries(p: TestPartner, webhookId: string, query = "") {
  const res = await p.call("GET", `/v1/partner/webhooks/${webhookId}/deliveries${query}`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body;
}

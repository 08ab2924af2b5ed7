/**
 * The claim of due attempts, on a database of its own: the per-partner cap, the order in
 * which free slots go to partners and to their webhooks, and the gating by plan.
 */
import assert from "node:assert/strict";
import type { Sql } from "@hire/db";
import { newId } from "@hire/ids";
import type { Plan } from "@hire/partners";
import { withOwnDatabase } from "@hire/testing/own_database.ts";
import { readsBy } from "@hire/testing/rows_read.ts";
import { insertIdleWebhookRows, insertWebhookRow } from "@hire/testing/webhook_rows.ts";
import {
  cancelDisabledAttempts,
  cancelInactiveAttempts,
  claimDueAttempts,
  type ClaimOptions,
  claimWindow,
  firstAttemptOf,
  queueFirstAttempts,
  queueRedelivery,
  queueRetryAttempts,
  queueTestAttempt,
  recordAttempts,
} from "./deliveries.ts";
import { createPartner, setPlan } from "./partners.ts";
import { storeWebhookEvents } from "./webhook_events.ts";

const LIMITS = { perWebhook: 16, perPartner: 3, leaseMs: 60_000 };

/** A database of the test's own: the claim takes every due attempt it can see. */
const withDatabase = (fn: (sql: Sql) => Promise<void>) =>
  withOwnDatabase({ name: "deliveries-claim-test" }, fn);

async function partner(sql: Sql, plan: Plan = "growth"): Promise<string> {
  const p = await createPartner(sql, { name: "Claim", plan, adminEmails: [] });
  return p.partner_id;
}

const webhook = (sql: Sql, partnerId: string) => insertWebhookRow(sql, { partnerId });

/**
 * Queues one first attempt to `webhookId` per event, in order; each event is of a job of its
 * own, or all of them of `jobId`.
 */
async function queue(
  sql: Sql,
  partnerId: string,
  webhookId: string,
  events = 1,
  jobOf?: string,
) {
  const ids: string[] = [];
  for (let i = 0; i < events; i++) {
    const eventId = newId("evt");
    const jobId = jobOf ?? newId("job");
    const id = newId("dlv");
    const event = {
      id: eventId,
      partner_id: partnerId,
      job_id: jobId,
      type: "job.deleted",
      envelope: "{}",
    };
    await queueFirstAttempts(sql, [firstAttemptOf(event, webhookId, id)], [event]);
    ids.push(id);
  }
  return ids;
}

const claim = (sql: Sql, limit: number, opts: Partial<ClaimOptions> = {}) =>
  claimDueAttempts(sql, { ...LIMITS, limit, ...opts });

/** Claims one attempt at a time, as slots free up; the order the free slots go in. */
async function claimInTurn(sql: Sql, n: number, opts: Partial<ClaimOptions> = {}) {
  const order = [];
  for (let i = 0; i < n; i++) order.push(...await claim(sql, 1, opts));
  return order;
}

async function inFlight(sql: Sql, partnerId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM delivery_queue
    WHERE partner_id = ${partnerId} AND locked_until > now()`;
  return row!.n;
}

/** Records claimed attempts as succeeded, freeing their slots. */
async function finish(sql: Sql, ids: string[]) {
  await sql.begin((tx) =>
    recordAttempts(
      tx,
      ids.map((id) => ({
        id,
        ok: true,
        statusCode: 200,
        durationMs: 1,
        error: null,
        attemptedAt: new Date(),
        nextStep: null,
        nextAttemptAt: null,
        requestHeaders: { "Content-Length": "2" },
        responseExcerpt: "ok",
      })),
    )
  );
}

Deno.test("claim: a partner's attempts in flight stop at its cap; another partner is served at the next free slot", async () => {
  await withDatabase(async (sql) => {
    const noisy = await partner(sql);
    const quiet = await partner(sql);
    const noisyHooks = [await webhook(sql, noisy), await webhook(sql, noisy)];
    for (const wh of noisyHooks) await queue(sql, noisy, wh, 10);
    const [quietAttempt] = await queue(sql, quiet, await webhook(sql, quiet));

    // Oldest first would give both slots to the noisy partner's twenty older attempts.
    const first = await claim(sql, 2);
    assert.deepEqual(first.map((a) => a.partner_id).sort(), [noisy, quiet].sort());
    assert.ok(first.some((a) => a.id === quietAttempt));

    // Plenty of free slots: the noisy partner still gets only up to its cap.
    const more = await claim(sql, 50);
    assert.deepEqual(more.map((a) => a.partner_id), [noisy, noisy]);
    assert.equal(await inFlight(sql, noisy), LIMITS.perPartner);
    assert.equal((await claim(sql, 50)).length, 0);

    // A finished attempt frees one place of the partner's, and only one.
    const noisyClaimed = [...first, ...more].filter((a) => a.partner_id === noisy);
    await finish(sql, [noisyClaimed[0]!.id]);
    assert.deepEqual((await claim(sql, 50)).map((a) => a.partner_id), [noisy]);
    assert.equal(await inFlight(sql, noisy), LIMITS.perPartner);
  });
});

Deno.test("claim: within a partner, free slots go round-robin over its webhooks, the least busy first", async () => {
  await withDatabase(async (sql) => {
    const p = await partner(sql);
    const [a, b, c] = [await webhook(sql, p), await webhook(sql, p), await webhook(sql, p)];
    // a's backlog is older than b's and c's.
    await queue(sql, p, a!, 6);
    await queue(sql, p, b!, 6);
    await queue(sql, p, c!, 6);
    const order = (await claimInTurn(sql, 6, { perPartner: 6 })).map((x) => x.webhook_id);
    assert.deepEqual(order, [a, b, c, a, b, c]);

    // Of two webhooks with work, the one with fewer in flight gets the freed slots.
    const q = await partner(sql);
    const [busy, idle] = [await webhook(sql, q), await webhook(sql, q)];
    const busyIds = await queue(sql, q, busy!, 6);
    const early = await claim(sql, 2, { perPartner: 3 });
    assert.deepEqual(early.map((x) => x.id).sort(), busyIds.slice(0, 2).sort());
    await queue(sql, q, idle!, 2);
    const next = await claim(sql, 1, { perPartner: 3 });
    assert.deepEqual(next.map((x) => x.webhook_id), [idle]);
  });
});

Deno.test("claim: the partner with the fewest attempts in flight goes first, then the oldest", async () => {
  await withDatabase(async (sql) => {
    const [two, one, none] = [await partner(sql), await partner(sql), await partner(sql)];
    const hooks = new Map<string, string>();
    for (const p of [two, one, none]) hooks.set(p, await webhook(sql, p));
    // Oldest first: two's backlog, then one's, then none's.
    await queue(sql, two, hooks.get(two)!, 4);
    await claim(sql, 2, { perPartner: 10 });
    await queue(sql, one, hooks.get(one)!, 4);
    await claim(sql, 1, { perPartner: 10 });
    await queue(sql, none, hooks.get(none)!, 4);
    assert.deepEqual([await inFlight(sql, two), await inFlight(sql, one)], [2, 1]);

    const order = (await claimInTurn(sql, 6, { perPartner: 10 })).map((a) => a.partner_id);
    assert.deepEqual(order, [none, one, none, two, one, none]);
  });
  // One claim of several slots takes what as many claims of one would.
  await withDatabase(async (sql) => {
    const [x, y, z] = [await partner(sql), await partner(sql), await partner(sql)];
    await queue(sql, x, await webhook(sql, x), 3);
    assert.equal((await claim(sql, 2, { perPartner: 10 })).length, 2);
    for (const p of [y, z]) await queue(sql, p, await webhook(sql, p), 3);
    const together = (await claim(sql, 3, { perPartner: 10 })).map((a) => a.partner_id);
    assert.deepEqual(together.sort(), [y, z, y].sort());
  });
});

Deno.test("claim: the per-webhook cap and one attempt at a time per job still hold", async () => {
  await withDatabase(async (sql) => {
    const p = await partner(sql);
    const wh = await webhook(sql, p);
    await queue(sql, p, wh, 5);
    const limits = { perWebhook: 2, perPartner: 10 };
    assert.equal((await claim(sql, 50, limits)).length, 2);

    // Two events of one job: the second waits until the first is recorded.
    const q = await partner(sql);
    const other = await webhook(sql, q);
    const ids = await queue(sql, q, other, 2, newId("job"));
    assert.deepEqual((await claim(sql, 50, limits)).map((a) => a.id), [ids[0]]);
    assert.equal((await claim(sql, 50, limits)).length, 0);
    await finish(sql, [ids[0]!]);
    assert.deepEqual((await claim(sql, 50, limits)).map((a) => a.id), [ids[1]]);
  });
});

Deno.test("claim: an attempt whose lease ended (its process died) is claimed again and counts toward no cap", async () => {
  await withDatabase(async (sql) => {
    const p = await partner(sql);
    const wh = await webhook(sql, p);
    const [first, second] = await queue(sql, p, wh, 2);
    const limits = { perWebhook: 1, perPartner: 10 };
    assert.deepEqual((await claim(sql, 50, limits)).map((a) => a.id), [first]);
    assert.equal((await claim(sql, 50, limits)).length, 0, "the webhook holds its one place");

    // The claiming process died: its lease ends, and the attempt is the webhook's head again.
    await sql`UPDATE delivery_queue SET locked_until = now() - interval '1 second'
              WHERE delivery_id = ${first!}`;
    assert.deepEqual((await claim(sql, 50, limits)).map((a) => a.id), [first]);
    assert.equal(await inFlight(sql, p), 1);
    await finish(sql, [first!]);
    assert.deepEqual((await claim(sql, 50, limits)).map((a) => a.id), [second]);
  });
});

Deno.test("claim: an answered attempt awaiting its record takes no place, stays claimed and stays its job's head", async () => {
  await withDatabase(async (sql) => {
    const p = await partner(sql);
    const wh = await webhook(sql, p);
    const [first, second] = await queue(sql, p, wh, 2);
    const limits = { perWebhook: 1, perPartner: 1 };
    assert.deepEqual((await claim(sql, 50, limits)).map((a) => a.id), [first]);
    assert.equal((await claim(sql, 50, limits)).length, 0, "its request holds both places");

    // Its answer is in: no request of its is out, so another attempt may go.
    const answered = [first!];
    assert.deepEqual(
      (await claim(sql, 50, { ...limits, answered })).map((a) => a.id),
      [second],
    );
    assert.equal((await claim(sql, 50, { ...limits, answered })).length, 0, "second's request");

    // A second event of first's job waits for first's record, answered or not.
    const [row] = await sql<{ job_id: string }[]>`
      SELECT job_id FROM webhook_deliveries WHERE id = ${first!}`;
    const [next] = await queue(sql, p, wh, 1, row!.job_id);
    await finish(sql, [second!]);
    const open = { ...limits, answered };
    assert.equal((await claim(sql, 50, open)).length, 0, "first is still its job's head");
    // Nor is first claimed again: its lease holds until its record.
    assert.equal(await inFlight(sql, p), 1);
    await finish(sql, [first!]);
    assert.deepEqual((await claim(sql, 50, limits)).map((a) => a.id), [next]);
  });
});

Deno.test("claim: nothing for a partner moved down to Sandbox; its queued attempts and retries are cancelled", async () => {
  await withDatabase(async (sql) => {
    const p = await partner(sql);
    const wh = await webhook(sql, p);
    const [queued] = await queue(sql, p, wh);
    const [event] = await sql<{ event_id: string }[]>`
      SELECT event_id FROM webhook_deliveries WHERE id = ${queued!}`;
    await setPlan(sql, p, "sandbox");

    assert.equal((await claim(sql, 10)).length, 0);
    assert.equal(await cancelInactiveAttempts(sql), 1);
    const { queued: retried } = await queueRetryAttempts(sql, [{
      webhook_id: wh,
      event_id: event!.event_id,
      attempt: 2,
      due_at: new Date().toISOString(),
      previous_delivery_id: queued!,
    }]);
    assert.equal(retried, 1);
    const log = await sql`
      SELECT attempt, status, error FROM webhook_deliveries WHERE webhook_id = ${wh}
      ORDER BY attempt`;
    assert.deepEqual(log.map((r) => ({ ...r })), [
      { attempt: 1, status: "cancelled", error: "plan sandbox has no webhooks: attempt not made" },
      { attempt: 2, status: "cancelled", error: "plan sandbox has no webhooks: retry not sent" },
    ]);

    // Back on Growth: what is queued from now on is claimed again.
    await setPlan(sql, p, "growth");
    const [next] = await queue(sql, p, wh);
    assert.deepEqual((await claim(sql, 10)).map((a) => a.id), [next]);
  });
});

Deno.test("claim: a paused or disabled webhook's test event is claimed, its other attempts are cancelled", async () => {
  await withDatabase(async (sql) => {
    const p = await partner(sql);
    const wh = await webhook(sql, p);
    const [event] = await queue(sql, p, wh);
    const [eventId, jobId] = [newId("evt"), newId("job")];
    const test = await sql.begin(async (tx) => {
      await storeWebhookEvents(tx, [{
        id: eventId,
        partner_id: p,
        job_id: jobId,
        type: "job.created",
        envelope: "{}",
      }]);
      const queued = await queueTestAttempt(tx, {
        id: newId("dlv"),
        webhookId: wh,
        partnerId: p,
        eventId,
        eventType: "job.created",
        jobId,
      });
      // As when the service disables it.
      await tx`UPDATE webhooks SET is_active = false WHERE id = ${wh}`;
      await cancelDisabledAttempts(tx, wh);
      return queued;
    });
    assert.equal(test.trigger, "test");
    assert.equal(await cancelInactiveAttempts(sql), 0);
    const claimed = await claim(sql, 10);
    assert.deepEqual(claimed.map((a) => [a.id, a.trigger]), [[test.id, "test"]]);
    const [cancelled] = await sql`SELECT status FROM webhook_deliveries WHERE id = ${event!}`;
    assert.equal(cancelled!.status, "cancelled");
  });
});

Deno.test("claim: behind a deep backlog a webhook's oldest attempts go first, window after window", async () => {
  await withDatabase(async (sql) => {
    const p = await partner(sql);
    const wh = await webhook(sql, p);
    const ids = await queue(sql, p, wh, claimWindow(4) + 6);
    const limits = { perWebhook: 4, perPartner: 4 };
    const claimed: string[] = [];
    while (claimed.length < ids.length) {
      const batch = await claim(sql, 4, limits);
      assert.ok(batch.length > 0, `stalled after ${claimed.length} of ${ids.length}`);
      claimed.push(...batch.map((a) => a.id));
      await finish(sql, batch.map((a) => a.id));
    }
    // Each claim took the oldest pending ones: all of them, in the order they were queued.
    assert.deepEqual(claimed, ids);
  });
});

Deno.test("claim and poll: read the webhooks with attempts queued, not the many with none", async () => {
  await withDatabase(async (sql) => {
    const p = await partner(sql);
    const ids = await queue(sql, p, await webhook(sql, p), 3);
    const paused = await webhook(sql, p);
    const [pausedAttempt] = await queue(sql, p, paused);
    await sql`UPDATE webhooks SET is_active = false WHERE id = ${paused}`;
    await insertIdleWebhookRows(sql, 5000);
    await sql`ANALYZE webhooks`;
    const [claimRead, pollRead] = await sql.begin(async (tx) => [
      (await readsBy(tx, "webhooks", async () => {
        const claimed = await claimDueAttempts(tx, { ...LIMITS, limit: 8 });
        assert.deepEqual(claimed.map((a) => a.id), ids);
      })).rows,
      (await readsBy(tx, "webhooks", async () => {
        assert.equal(await cancelInactiveAttempts(tx), 1);
      })).rows,
    ]);
    const [cancelled] =
      await sql`SELECT status FROM webhook_deliveries WHERE id = ${pausedAttempt!}`;
    assert.equal(cancelled!.status, "cancelled");
    // The two queued webhooks' rows, with each attempt claimed too, a few times each as the
    // plans go (7 and 2 here); starting from every webhook read the 5,000 idle ones.
    assert.ok(claimRead <= 4 * (2 + ids.length), `the claim read ${claimRead} webhook rows`);
    assert.ok(pollRead <= 4 * 2, `the poll read ${pollRead} webhook rows`);
  });
});

/** Attempts whose log says pending but which are not queued, or queued but not pending. */
async function queueDisagreements(sql: Sql): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    SELECT coalesce(d.id, q.delivery_id) AS id
    FROM webhook_deliveries d FULL JOIN delivery_queue q ON q.delivery_id = d.id
    WHERE d.id IS NULL OR (d.status = 'pending') <> (q.delivery_id IS NOT NULL)`;
  return rows.map((r) => r.id);
}

const queued = async (sql: Sql) =>
  (await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM delivery_queue`)[0]!.n;

Deno.test("queue: an attempt is queued exactly while its log says pending, from first attempt to record or cancel", async () => {
  await withDatabase(async (sql) => {
    const p = await partner(sql);
    const wh = await webhook(sql, p);
    const [first, second, third] = await queue(sql, p, wh, 3);
    assert.equal(await queued(sql), 3);
    const [event] = await sql<{ id: string; partner_id: string; job_id: string; type: string }[]>`
      SELECT event_id AS id, partner_id, job_id, event_type AS type
      FROM webhook_deliveries WHERE id = ${first!}`;

    // A redelivered batch of first attempts queues nothing twice.
    const again = await queueFirstAttempts(sql, [firstAttemptOf(event!, wh)]);
    assert.equal(again, 0);
    assert.equal(await queued(sql), 3);

    // Claimed attempts stay queued under their lease; recorded ones leave.
    const claimed = await claim(sql, 10);
    assert.deepEqual(claimed.map((a) => a.id).sort(), [first, second, third].sort());
    assert.equal(await queued(sql), 3);
    await finish(sql, [first!, second!]);
    assert.equal(await queued(sql), 1);
    assert.deepEqual(await queueDisagreements(sql), []);

    // A record of an attempt no longer queued (cancelled meanwhile) changes nothing.
    await finish(sql, [first!]);
    assert.equal(await queued(sql), 1);

    // A retry and a redelivery are queued; a disabled webhook's unclaimed ones leave as
    // cancelled, its claimed one (`third`) stays until recorded.
    const { queued: retried } = await queueRetryAttempts(sql, [{
      webhook_id: wh,
      event_id: event!.id,
      attempt: 2,
      due_at: new Date().toISOString(),
      previous_delivery_id: first!,
    }]);
    assert.equal(retried, 1);
    const redelivery = await sql.begin((tx) =>
      queueRedelivery(tx, { webhookId: wh, deliveryId: second! })
    );
    assert.equal(redelivery?.status, "pending");
    assert.equal(await queued(sql), 3);
    await sql.begin(async (tx) => {
      await tx`UPDATE webhooks SET is_active = false WHERE id = ${wh}`;
      await cancelDisabledAttempts(tx, wh);
    });
    assert.equal(await queued(sql), 1);
    assert.deepEqual(await queueDisagreements(sql), []);

    // A retry of the disabled webhook is logged cancelled and never queued.
    const [retry] = await sql<{ id: string }[]>`
      SELECT id FROM webhook_deliveries WHERE event_id = ${event!.id} AND attempt = 2`;
    const { queued: late } = await queueRetryAttempts(sql, [{
      webhook_id: wh,
      event_id: event!.id,
      attempt: 3,
      due_at: new Date().toISOString(),
      previous_delivery_id: retry!.id,
    }]);
    assert.equal(late, 1);
    await finish(sql, [third!]);
    assert.equal(await queued(sql), 0);
    assert.deepEqual(await queueDisagreements(sql), []);
  });
});

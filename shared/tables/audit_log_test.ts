/**
 * The audit log pages by a cursor holding a row's created_at as a JavaScript Date
 * (milliseconds): entries made within one millisecond must not fall between pages.
 */
import assert from "node:assert/strict";
import { withOwnDatabase } from "@hire/testing/own_database.ts";
import { listAudit, recordAudit } from "./audit_log.ts";
import { createPartner } from "./partners.ts";

Deno.test("listAudit pages through entries made within one millisecond without losing any", () =>
  withOwnDatabase({ name: "audit-log-test" }, async (sql) => {
    const { partner_id: partnerId } = await createPartner(sql, {
      name: "Audit paging",
      plan: "growth",
      adminEmails: [],
    });
    for (let i = 0; i < 5; i++) {
      await recordAudit(sql, { partnerId, actor: { kind: "operator" }, action: `test.${i}` });
    }
    // Five microsecond timestamps of one millisecond, as a burst of changes can make them.
    await sql`
    UPDATE audit_log SET created_at = '2026-12-01T10:00:00.123Z'::timestamptz
      + (right(action, 1)::int * interval '100 microseconds')
    WHERE partner_id = ${partnerId} AND action LIKE 'test.%'`;
    const all = await sql<{ id: string }[]>`
    SELECT id FROM audit_log WHERE partner_id = ${partnerId}`;

    const seen: string[] = [];
    let before: { createdAt: Date; id: string } | undefined;
    for (;;) {
      const page = await listAudit(sql, partnerId, { limit: 1, before });
      seen.push(...page.rows.map((r) => r.id));
      if (!page.hasMore) break;
      const last = page.rows.at(-1)!;
      before = { createdAt: last.created_at, id: last.id };
    }
    assert.equal(seen.length, all.length);
    assert.deepEqual(new Set(seen), new Set(all.map((r) => r.id)));
  }));

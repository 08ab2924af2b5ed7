import assert from "node:assert/strict";
import { retention } from "./retention.ts";

/** Each table and the one module (or, for the outbox, package) that may write it. */
const OWNERS: Record<string, string> = {
  partners: "shared/tables/partners.ts",
  api_keys: "shared/tables/partners.ts",
  jobs: "shared/tables/jobs.ts",
  job_embedding_schedule: "shared/tables/job_embedding_schedule.ts",
  command_results: "shared/tables/command_results.ts",
  idempotency_keys: "shared/tables/idempotency_keys.ts",
  rate_limit_windows: "shared/tables/usage.ts",
  job_quota_usage: "shared/tables/usage.ts",
  webhooks: "shared/tables/webhooks.ts",
  webhook_events: "shared/tables/webhook_events.ts",
  webhook_deliveries: "shared/tables/deliveries.ts",
  delivery_queue: "shared/tables/deliveries.ts",
  mail_outbox: "shared/tables/mail_outbox.ts",
  seekers: "shared/tables/seekers.ts",
  matches: "shared/tables/matches.ts",
  partner_users: "shared/tables/partner_users.ts",
  console_sign_in_tokens: "shared/tables/console_sessions.ts",
  console_sessions: "shared/tables/console_sessions.ts",
  audit_log: "shared/tables/audit_log.ts",
  outbox: "shared/outbox/",
  outbox_pending: "shared/outbox/",
  schema_migrations: "shared/db/migrate.ts",
};

const ROOT = new URL("../../", import.meta.url);

/**
 * The tables a source writes or row-locks: INSERT INTO, UPDATE … SET, DELETE FROM,
 * TRUNCATE, and the FROM of a SELECT … FOR UPDATE/SHARE. SQL keywords are upper case and
 * table names lower case in this code base, which keeps prose ("an UPDATE every …") out.
 */
function writtenTables(source: string): { table: string; statement: string }[] {
  const patterns = [
    /\bINSERT\s+INTO\s+([a-z_][a-z0-9_]*)/g,
    /\bUPDATE\s+([a-z_][a-z0-9_]*)(?:\s+(?:AS\s+)?[a-z_][a-z0-9_]*)?\s+SET\b/g,
    /\bDELETE\s+FROM\s+([a-z_][a-z0-9_]*)/g,
    /\bTRUNCATE\s+(?:TABLE\s+)?([a-z_][a-z0-9_]*)/g,
    // Within one template literal: no backtick between the FROM and the lock.
    /\bFROM\s+([a-z_][a-z0-9_]*)[^`]*?\bFOR\s+(?:NO\s+KEY\s+)?(?:UPDATE|SHARE|KEY\s+SHARE)\b/g,
  ];
  return patterns.flatMap((p) =>
    [...source.matchAll(p)].map((m) => ({ table: m[1]!, statement: m[0].split("\n")[0]! }))
  );
}

async function* sources(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(new URL(dir, ROOT))) {
    const path = `${dir}${entry.name}`;
    if (entry.isDirectory) {
      if (path !== "shared/db/migrations") yield* sources(`${path}/`);
    } else if (/\.tsx?$/.test(entry.name) && !/_test\.tsx?$/.test(entry.name)) {
      yield path;
    }
  }
}

Deno.test("the scanner finds writes and row locks, and not prose or ON CONFLICT DO UPDATE", () => {
  const found = writtenTables(`
    // In an UPDATE every right-hand side reads the row as it was.
    await tx\`INSERT INTO jobs \${tx(rows)} ON CONFLICT (id) DO UPDATE SET title = excluded.title\`;
    await tx\`UPDATE webhooks w SET is_active = false FROM partners p WHERE w.id = \${id}\`;
    await sql\`UPDATE mail_outbox
      SET sent_at = now()\`;
    await sql\`DELETE FROM matches m WHERE NOT EXISTS (SELECT 1 FROM jobs j)\`;
    await sql\`TRUNCATE seekers\`;
    await tx\`SELECT id FROM partners WHERE id = \${id} FOR UPDATE\`;
    await tx\`SELECT * FROM api_keys WHERE id IN \${tx(ids)} FOR SHARE\`;
    await tx\`SELECT * FROM outbox WHERE topic = \${topic} ORDER BY seq\`;
    await sql\`INSERT INTO \${sql(table)} VALUES (1)\`;
  `).map((w) => w.table);
  assert.deepEqual(found.sort(), [
    "api_keys",
    "jobs",
    "mail_outbox",
    "matches",
    "partners",
    "seekers",
    "webhooks",
  ]);
});

Deno.test("every table is written (or row-locked) only by its owner module", async () => {
  const strays: string[] = [];
  for (const root of ["services/", "shared/"]) {
    for await (const path of sources(root)) {
      const source = await Deno.readTextFile(new URL(path, ROOT));
      for (const { table, statement } of writtenTables(source)) {
        const owner = OWNERS[table];
        if (owner === undefined) strays.push(`${path}: ${table} has no owner: ${statement}`);
        else if (!path.startsWith(owner)) strays.push(`${path}: ${statement} (owner: ${owner})`);
      }
    }
  }
  assert.deepEqual(strays, []);
});

Deno.test("each table with a retention is purged by its owner, once", () => {
  const tables = retention.map((r) => r.table);
  assert.equal(new Set(tables).size, tables.length);
  for (const table of tables) assert.ok(OWNERS[table], `${table} has an owner`);
});

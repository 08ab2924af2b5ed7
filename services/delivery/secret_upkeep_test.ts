/** The secret upkeep's sweeps against Postgres, on a database of their own. */
import assert from "node:assert/strict";
import { connect, type Sql } from "@hire/db";
import { newId } from "@hire/ids";
import { recordingLogger } from "@hire/log";
import { createPartner } from "@hire/tables";
import { withOwnDatabase } from "@hire/testing/own_database.ts";
import { waitUntil } from "@hire/testing/wait.ts";
import {
  createSecretBox,
  generateSecretKey,
  generateWebhookSecret,
  openStoredSecret,
  type SecretBox,
  type StoredSecretColumns,
} from "@hire/webhooks";
import { startSecretUpkeep, sweepSecrets } from "./secret_upkeep.ts";

const [OLD, NEW] = [generateSecretKey("old"), generateSecretKey("new")];

function withDatabase(fn: (sql: Sql, partnerId: string, url: string) => Promise<void>) {
  return withOwnDatabase({ name: "secret-upkeep-test", max: 4 }, async (sql, url) => {
    const { partner_id } = await createPartner(sql, {
      name: "Secrets",
      plan: "growth",
      adminEmails: [],
    });
    await fn(sql, partner_id, url);
  });
}

/** Inserts a webhook as an edge with `box` (or, without one, as before 0009) stores it. */
async function insert(
  sql: Sql,
  partnerId: string,
  opts: { box?: SecretBox; previous?: boolean; until?: string } = {},
) {
  const id = newId("wh");
  const current = generateWebhookSecret();
  const previous = opts.previous ? generateWebhookSecret() : null;
  const seal = (secret: string | null, slot: "current" | "previous") =>
    secret && opts.box ? opts.box.seal(secret, { webhookId: id, slot }) : undefined;
  const [c, p] = await Promise.all([seal(current, "current"), seal(previous, "previous")]);
  await sql`
    INSERT INTO webhooks (id, partner_id, url, events, is_active, secret, previous_secret,
      secret_ciphertext, secret_key_id, previous_secret_ciphertext, previous_secret_key_id,
      previous_secret_until, created_at, updated_at)
    VALUES (${id}, ${partnerId}, 'https://example.sa/hook', ${["job.deleted"]}, true,
      ${c ? null : current}, ${p ? null : previous}, ${c?.ciphertext ?? null},
      ${c?.keyId ?? null}, ${p?.ciphertext ?? null}, ${p?.keyId ?? null},
      ${previous ? sql`now() + ${opts.until ?? "1 hour"}::interval` : null}, now(), now())`;
  return { id, current, previous };
}

type Stored = StoredSecretColumns & { id: string };
const row = async (sql: Sql, id: string) =>
  (await sql<Stored[]>`SELECT * FROM webhooks WHERE id = ${id}`)[0]!;

Deno.test("secret sweep: plaintext rows from before encryption are sealed and emptied", async () => {
  await withDatabase(async (sql, partnerId) => {
    const legacy = await insert(sql, partnerId, { previous: true });
    const box = createSecretBox([NEW]);
    const log = recordingLogger();
    assert.deepEqual(await sweepSecrets({ sql, log, secrets: box }), {
      cleared: 0,
      resealed: 1,
      failed: 0,
    });
    const after = await row(sql, legacy.id);
    assert.equal(after.secret, null);
    assert.equal(after.previous_secret, null);
    assert.equal(after.secret_key_id, "new");
    assert.equal(after.previous_secret_key_id, "new");
    const text = new TextDecoder("latin1").decode(after.secret_ciphertext!);
    assert.ok(!text.includes(legacy.current.slice(6, 20)));
    assert.equal(await openStoredSecret(after, { box, slot: "current" }), legacy.current);
    assert.equal(await openStoredSecret(after, { box, slot: "previous" }), legacy.previous);
  });
});

Deno.test("secret sweep: a new first key re-encrypts every row, in batches, with progress", async () => {
  await withDatabase(async (sql, partnerId) => {
    const before = createSecretBox([OLD]);
    const hooks = [];
    for (let i = 0; i < 7; i++) {
      hooks.push(await insert(sql, partnerId, { box: before, previous: i % 2 === 0 }));
    }
    const box = createSecretBox([NEW, OLD]);
    const log = recordingLogger();
    const { lines } = log;
    const result = await sweepSecrets({ sql, log, secrets: box }, { batchSize: 3 });
    assert.deepEqual(result, { cleared: 0, resealed: 7, failed: 0 });
    const onlyNew = createSecretBox([NEW]);
    for (const h of hooks) {
      const after = await row(sql, h.id);
      assert.equal(after.secret_key_id, "new");
      assert.equal(await openStoredSecret(after, { box: onlyNew, slot: "current" }), h.current);
      const previous = await openStoredSecret(after, { box: onlyNew, slot: "previous" });
      assert.equal(previous, h.previous ?? undefined);
    }
    const progress = lines.filter((l) => l.msg === "re-encrypting webhook secrets");
    assert.deepEqual(progress.map((l) => l.fields), [
      { key_id: "new", to_reencrypt: 7 },
      { done: 3, of: 7 },
      { done: 6, of: 7 },
      { done: 7, of: 7 },
    ]);
    const done = lines.at(-1)!;
    assert.match(done.msg, /^every webhook secret is sealed with the current key; the others may/);
    assert.deepEqual(done.fields, { key_id: "new", removable: ["old"] });
    // Nothing left: the next sweep does nothing and says nothing.
    lines.length = 0;
    assert.deepEqual(await sweepSecrets({ sql, log, secrets: box }), {
      cleared: 0,
      resealed: 0,
      failed: 0,
    });
    assert.deepEqual(lines, []);
  });
});

Deno.test("secret sweep: several processes at once seal each row once, and all of them", async () => {
  await withDatabase(async (sql, partnerId, url) => {
    const before = createSecretBox([OLD]);
    const hooks = await Promise.all(
      Array.from({ length: 40 }, () => insert(sql, partnerId, { box: before })),
    );
    const box = createSecretBox([NEW, OLD]);
    // Three processes, each with a connection of its own.
    const others = Array.from({ length: 3 }, () => connect(url, { max: 1, name: "process" }));
    try {
      const results = await Promise.all(
        others.map((s) =>
          sweepSecrets({ sql: s, log: recordingLogger(), secrets: box }, { batchSize: 4 })
        ),
      );
      assert.equal(results.reduce((n, r) => n + r.resealed, 0), 40);
      assert.ok(results.every((r) => r.failed === 0));
    } finally {
      await Promise.all(others.map((s) => s.end()));
    }
    const onlyNew = createSecretBox([NEW]);
    for (const h of hooks) {
      const after = await row(sql, h.id);
      assert.equal(await openStoredSecret(after, { box: onlyNew, slot: "current" }), h.current);
    }
  });
});

Deno.test("secret sweep: a key not configured is logged per webhook, the rest goes on", async () => {
  await withDatabase(async (sql, partnerId) => {
    const lost = await insert(sql, partnerId, {
      box: createSecretBox([generateSecretKey("lost")]),
    });
    const old = await insert(sql, partnerId, { box: createSecretBox([OLD]) });
    const box = createSecretBox([NEW, OLD]);
    const log = recordingLogger();
    const { lines } = log;
    assert.deepEqual(await sweepSecrets({ sql, log, secrets: box }), {
      cleared: 0,
      resealed: 1,
      failed: 0,
    });
    const errors = lines.filter((l) => l.level === "error");
    assert.equal(errors.length, 1);
    assert.match(errors[0]!.msg, /keys WEBHOOK_SECRET_KEYS does not list/);
    assert.deepEqual(errors[0]!.fields, { webhooks: [{ id: lost.id, key_ids: ["lost"] }] });
    assert.equal((await row(sql, lost.id)).secret_key_id, "lost");
    assert.equal((await row(sql, old.id)).secret_key_id, "new");
  });
});

Deno.test("secret sweep: a ciphertext moved to another row is left, and logged", async () => {
  await withDatabase(async (sql, partnerId) => {
    const before = createSecretBox([OLD]);
    const a = await insert(sql, partnerId, { box: before });
    const b = await insert(sql, partnerId, { box: before });
    await sql`UPDATE webhooks SET secret_ciphertext =
      (SELECT secret_ciphertext FROM webhooks WHERE id = ${a.id}) WHERE id = ${b.id}`;
    const log = recordingLogger();
    const { lines } = log;
    const result = await sweepSecrets({ sql, log, secrets: createSecretBox([NEW, OLD]) });
    assert.deepEqual(result, { cleared: 0, resealed: 1, failed: 1 });
    const error = lines.find((l) => l.msg === "a webhook secret does not open; left as it is")!;
    assert.equal(error.fields!.webhook_id, b.id);
    assert.match(String((error.fields!.err as Error).message), /sealed for another webhook/);
    assert.equal((await row(sql, b.id)).secret_key_id, "old");
  });
});

Deno.test("secret sweep: a previous secret is cleared once its overlap has ended", async () => {
  await withDatabase(async (sql, partnerId) => {
    const box = createSecretBox([NEW]);
    const ended = await insert(sql, partnerId, { box, previous: true, until: "-1 second" });
    const running = await insert(sql, partnerId, { box, previous: true, until: "1 hour" });
    const legacy = await insert(sql, partnerId, { previous: true, until: "-1 second" });
    const log = recordingLogger();
    const result = await sweepSecrets({ sql, log, secrets: box });
    assert.equal(result.cleared, 2);
    for (const id of [ended.id, legacy.id]) {
      const after = await row(sql, id);
      assert.deepEqual(
        [after.previous_secret, after.previous_secret_ciphertext, after.previous_secret_key_id],
        [null, null, null],
      );
      assert.equal(after.previous_secret_until, null);
    }
    const kept = await row(sql, running.id);
    assert.equal(await openStoredSecret(kept, { box, slot: "previous" }), running.previous);
  });
});

Deno.test("secret upkeep: sweeps at start and again each interval, until stopped", async () => {
  await withDatabase(async (sql, partnerId) => {
    const box = createSecretBox([NEW]);
    const log = recordingLogger();
    const upkeep = startSecretUpkeep({ sql, log, secrets: box }, { intervalMs: 50 });
    try {
      await upkeep.firstSweep;
      const later = await insert(sql, partnerId, { previous: true });
      const sealed = await waitUntil("the next sweep", async () => {
        const r = await row(sql, later.id);
        return r.secret === null ? r : undefined;
      });
      assert.equal(sealed.secret_key_id, "new");
    } finally {
      await upkeep.stop();
    }
  });
});

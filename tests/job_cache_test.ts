/**
 * The edge's cache of jobs for retrieve, on the real stack: a retrieve is answered from
 * memory, every change by any service reaches it, and a partner reads its own writes at once.
 */
import assert from "node:assert/strict";
import { jobBody, startStack } from "@hire/testing/stack.ts";
import { waitUntil } from "@hire/testing/wait.ts";

// A database of its own: one test turns the change trigger off for a moment.
const stack = await startStack({ ownDatabase: true });
Deno.test.afterAll(() => stack.stop());
const partner = await stack.partner();

async function newJob(): Promise<string> {
  const res = await partner.call("POST", "/v1/partner/jobs", jobBody());
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.id;
}
const get = (id: string) => partner.call("GET", `/v1/partner/jobs/${id}`);

Deno.test("a retrieve is answered from memory: a change Postgres does not announce is not seen", async () => {
  const id = await newJob();
  assert.equal((await get(id)).body.title, jobBody().title);
  await stack.sql.unsafe("ALTER TABLE jobs DISABLE TRIGGER jobs_changed_on_update");
  try {
    await stack.sql`UPDATE jobs SET title = 'Changed behind the edge' WHERE id = ${id}`;
    assert.equal((await get(id)).body.title, jobBody().title, "the cached row answered");
  } finally {
    await stack.sql.unsafe("ALTER TABLE jobs ENABLE TRIGGER jobs_changed_on_update");
  }
});

Deno.test("a change by another service (the embedding's) reaches the edge's cache", async () => {
  const id = await newJob();
  assert.equal((await get(id)).body.embedding_status, "processing");
  await stack.sql`UPDATE jobs SET embedding_status = 'ready', match_ready = true WHERE id = ${id}`;
  const seen = await waitUntil("the edge to see the change", async () => {
    const res = await get(id);
    return res.body.embedding_status === "ready" ? res.body : undefined;
  }, { timeoutMs: 5_000, intervalMs: 20 });
  assert.equal(seen.match_ready, true);
});

Deno.test("a partner reads its own update and delete at once", async () => {
  const id = await newJob();
  await get(id);
  const patched = await partner.call("PATCH", `/v1/partner/jobs/${id}`, { title: "Head Nurse" });
  assert.equal(patched.status, 200);
  assert.equal(patched.body.title, "Head Nurse");
  assert.equal((await get(id)).body.title, "Head Nurse");
  assert.equal((await partner.call("DELETE", `/v1/partner/jobs/${id}`)).status, 204);
  assert.equal((await get(id)).status, 404);
});

Deno.test("another partner's job answers 404 from the cache as from Postgres", async () => {
  const id = await newJob();
  await get(id);
  const other = await stack.partner();
  assert.equal((await other.call("GET", `/v1/partner/jobs/${id}`)).status, 404);
});

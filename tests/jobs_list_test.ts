import assert from "node:assert/strict";
import { jobBody, startStack, type TestPartner } from "@hire/testing/stack.ts";

const stack = await startStack();
Deno.test.afterAll(() => stack.stop());

async function createMany(partner: TestPartner, n: number, body = jobBody()): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await partner.call("POST", "/v1/partner/jobs", {
      ...body,
      title: `Job number ${i}`,
    });
    assert.equal(res.status, 201);
    ids.push(res.body.id);
  }
  return ids;
}

async function listAll(
  partner: TestPartner,
  query: string,
): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const q: string = cursor ? `${query}&cursor=${encodeURIComponent(cursor)}` : query;
    const res = await partner.call("GET", `/v1/partner/jobs?${q}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    ids.push(...res.body.data.map((j: { id: string }) => j.id));
    assert.equal(res.body.has_more, res.body.next_cursor !== null);
    cursor = res.body.next_cursor;
    pages++;
  } while (cursor);
  return { ids, pages };
}

Deno.test("list returns the partner's jobs newest first with the default page size of 20", async () => {
  const partner = await stack.partner();
  const ids = await createMany(partner, 23);
  const res = await partner.call("GET", "/v1/partner/jobs");
  assert.equal(res.status, 200);
  assert.equal(res.body.data.length, 20);
  assert.equal(res.body.has_more, true);
  assert.equal(typeof res.body.next_cursor, "string");
  assert.deepEqual(res.body.data.map((j: { id: string }) => j.id), ids.slice(-20).reverse());
  assert.equal(res.body.data[0].service_url, `${stack.siteUrl}/jobs/${ids.at(-1)}`);
});

Deno.test("list pages through every job once, with no duplicates or gaps", async () => {
  const partner = await stack.partner();
  const ids = await createMany(partner, 17);
  const { ids: seen, pages } = await listAll(partner, "limit=5");
  assert.equal(pages, 4);
  assert.deepEqual(seen, [...ids].reverse());
});

Deno.test("list paging is stable while jobs are created and deleted between pages", async () => {
  const partner = await stack.partner();
  const ids = await createMany(partner, 6);
  const first = await partner.call("GET", "/v1/partner/jobs?limit=3");
  await createMany(partner, 2); // newer than the cursor: not on later pages
  assert.equal((await partner.call("DELETE", `/v1/partner/jobs/${ids[0]}`)).status, 204);
  const second = await partner.call(
    "GET",
    `/v1/partner/jobs?limit=3&cursor=${first.body.next_cursor}`,
  );
  assert.deepEqual(second.body.data.map((j: { id: string }) => j.id), [ids[2], ids[1]]);
  assert.equal(second.body.has_more, false);
  assert.equal(second.body.next_cursor, null);
});

Deno.test("list accepts limit 1 and 100 and refuses 0, 101 and non-numbers", async () => {
  const partner = await stack.partner();
  await createMany(partner, 2);
  const one = await partner.call("GET", "/v1/partner/jobs?limit=1");
  assert.equal(one.body.data.length, 1);
  assert.equal(one.body.has_more, true);
  assert.equal((await partner.call("GET", "/v1/partner/jobs?limit=100")).status, 200);
  for (const bad of ["0", "101", "abc", "2.5"]) {
    const res = await partner.call("GET", `/v1/partner/jobs?limit=${bad}`);
    assert.equal(res.status, 422, bad);
    assert.equal(res.body.errors[0].field, "/limit");
  }
});

Deno.test("list filters by status and by city, case-insensitively and through aliases", async () => {
  const partner = await stack.partner();
  const [riyadh] = await createMany(partner, 1, jobBody({ city: "Riyadh" }));
  const [jeddah, paused] = await createMany(partner, 2, jobBody({ city: "Jeddah" }));
  assert.equal(
    (await partner.call("PATCH", `/v1/partner/jobs/${paused}`, { status: "paused" })).status,
    200,
  );

  assert.deepEqual((await listAll(partner, "status=paused")).ids, [paused]);
  assert.deepEqual((await listAll(partner, "status=active")).ids, [jeddah, riyadh]);
  assert.deepEqual((await listAll(partner, "city=JIDDAH")).ids, [paused, jeddah]);
  assert.deepEqual((await listAll(partner, "city=riyadh&status=active")).ids, [riyadh]);
  assert.deepEqual((await listAll(partner, "status=closed")).ids, []);
});

Deno.test("list refuses an unknown status, an unknown city, an unknown parameter and a forged cursor", async () => {
  const partner = await stack.partner();
  const cases: [string, string, string][] = [
    ["status=open", "/status", "invalid_enum"],
    ["city=Dubai", "/city", "unknown_city"],
    ["sort=asc", "/sort", "unknown_field"],
    ["cursor=not-a-cursor", "/query/cursor", "invalid_cursor"],
  ];
  for (const [query, field, code] of cases) {
    const res = await partner.call("GET", `/v1/partner/jobs?${query}`);
    assert.equal(res.status, 422, query);
    assert.equal(res.body.errors[0].field, field, query);
    assert.equal(res.body.errors[0].code, code, query);
  }
});

Deno.test("list of a partner without jobs is empty", async () => {
  const partner = await stack.partner();
  const res = await partner.call("GET", "/v1/partner/jobs");
  assert.deepEqual(res.body, { data: [], next_cursor: null, has_more: false });
});

Deno.test("list never shows another partner's jobs", async () => {
  const a = await stack.partner();
  const b = await stack.partner();
  const [mine] = await createMany(a, 1);
  await createMany(b, 3);
  assert.deepEqual((await listAll(a, "limit=100")).ids, [mine]);
});

import assert from "node:assert/strict";
import { connect } from "@hire/db";
import { findKeyOwner } from "@hire/tables";
import { TEST_DATABASE_URL } from "@hire/testing/database_url.ts";

const MAIN = new URL("./partner_main.ts", import.meta.url).pathname;

async function cli(...args: string[]) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, ...args],
    env: { DATABASE_URL: TEST_DATABASE_URL },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(out.stdout).trim();
  return {
    code: out.code,
    lastLine: stdout.split("\n").at(-1) ?? "",
    stderr: new TextDecoder().decode(out.stderr),
  };
}

const sql = connect(TEST_DATABASE_URL, { max: 1 });
Deno.test.afterAll(() => sql.end());

// A console user's address belongs to one partner: each run's addresses are its own.
const run = crypto.randomUUID().slice(0, 8);
const address = (name: string) => `${name}-${run}@acme.sa`;

Deno.test("partner create prints partner_id and api_key as JSON on the last line and stores only a hash", async () => {
  const res = await cli(
    "create",
    "--name",
    "Acme HR",
    "--plan",
    "scale",
    "--admin-email",
    "A-Admin-" + address("a"),
    "--admin-email",
    address("b"),
  );
  assert.equal(res.code, 0, res.stderr);
  const printed = JSON.parse(res.lastLine);
  assert.deepEqual(Object.keys(printed), ["partner_id", "api_key"]);
  assert.match(printed.partner_id, /^ptr_[0-9A-HJKMNP-TV-Z]{26}$/);
  assert.match(printed.api_key, /^hk_live_[A-Za-z0-9_-]{43}$/);
  const [partner] = await sql`SELECT name, plan FROM partners WHERE id = ${printed.partner_id}`;
  assert.deepEqual({ ...partner }, { name: "Acme HR", plan: "scale" });
  const admins = await sql`
    SELECT email, role FROM partner_users WHERE partner_id = ${printed.partner_id} ORDER BY email`;
  assert.deepEqual(admins.map((u) => ({ ...u })), [
    { email: "a-admin-" + address("a"), role: "admin" },
    { email: address("b"), role: "admin" },
  ]);
  const [audit] = await sql`
    SELECT actor_kind, action FROM audit_log WHERE partner_id = ${printed.partner_id} LIMIT 1`;
  assert.deepEqual({ ...audit }, { actor_kind: "operator", action: "user.invited" });
  const owner = await findKeyOwner(sql, printed.api_key);
  assert.deepEqual([owner?.partnerId, owner?.plan], [printed.partner_id, "scale"]);
  assert.equal(owner?.keyPrefix, printed.api_key.slice(0, 14));
  const stored = await sql`SELECT 1 FROM api_keys WHERE key_prefix = ${printed.api_key}`;
  assert.equal(stored.length, 0);
});

Deno.test("partner rotate-key issues a new key and revokes the old one, audited as the operator's", async () => {
  const created = JSON.parse(
    (await cli("create", "--name", "Rotator", "--plan", "growth", "--admin-email", address("x")))
      .lastLine,
  );
  const res = await cli("rotate-key", "--partner", created.partner_id);
  assert.equal(res.code, 0, res.stderr);
  const rotated = JSON.parse(res.lastLine);
  assert.equal(rotated.partner_id, created.partner_id);
  assert.notEqual(rotated.api_key, created.api_key);
  assert.equal(await findKeyOwner(sql, created.api_key), undefined);
  assert.equal((await findKeyOwner(sql, rotated.api_key))?.partnerId, created.partner_id);
  const audit = await sql`
    SELECT actor_kind, action FROM audit_log
    WHERE partner_id = ${created.partner_id} AND action LIKE 'key.%' ORDER BY id`;
  assert.deepEqual(audit.map((a) => [a.actor_kind, a.action]), [
    ["operator", "key.revoked"],
    ["operator", "key.created"],
  ]);
});

Deno.test("partner set-plan changes the plan at once and announces it to edges", async () => {
  const created = JSON.parse(
    (await cli("create", "--name", "Mover", "--plan", "sandbox", "--admin-email", address("m")))
      .lastLine,
  );
  const announced: string[] = [];
  const sub = await sql.listen("api_keys_changed", (id) => announced.push(id));
  try {
    const res = await cli("set-plan", "--partner", created.partner_id, "--plan", "scale");
    assert.equal(res.code, 0, res.stderr);
    assert.deepEqual(JSON.parse(res.lastLine), {
      partner_id: created.partner_id,
      plan: "scale",
      previous_plan: "sandbox",
    });
    assert.equal((await findKeyOwner(sql, created.api_key))?.plan, "scale");
    const until = Date.now() + 5000;
    while (!announced.includes(created.partner_id) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(announced.includes(created.partner_id), "no announcement on api_keys_changed");
  } finally {
    await sub.unlisten();
  }
});

Deno.test("partner CLI refuses bad usage with exit code 2 and the usage text", async () => {
  const cases = [
    ["create", "--plan", "growth", "--admin-email", "a@b.sa"],
    ["create", "--name", "X", "--plan", "gold", "--admin-email", "a@b.sa"],
    ["create", "--name", "X", "--plan", "growth"],
    ["create", "--name", "X", "--plan", "growth", "--admin-email", "not-an-email"],
    // Taken by the rotate-key test's partner: an address belongs to one partner.
    ["create", "--name", "X", "--plan", "growth", "--admin-email", address("x")],
    ["create", "--name", "X", "--plan", "growth", "--admin-email", "a@b.sa", "--colour", "red"],
    ["rotate-key"],
    ["set-plan", "--plan", "growth"],
    ["set-plan", "--partner", "ptr_01ARZ3NDEKTSV4RRFFQ69G5FAV", "--plan", "gold"],
    ["set-plan", "--partner", "ptr_01ARZ3NDEKTSV4RRFFQ69G5FAV"],
    ["launch"],
    [],
  ];
  for (const args of cases) {
    const res = await cli(...args);
    assert.equal(res.code, 2, `${args.join(" ")}: ${res.stderr}`);
    assert.match(res.stderr, /usage:/);
  }
});

Deno.test("partner rotate-key of an unknown partner fails with exit code 1", async () => {
  const res = await cli("rotate-key", "--partner", "ptr_01ARZ3NDEKTSV4RRFFQ69G5FAV");
  assert.equal(res.code, 1);
  assert.match(res.stderr, /no partner/);
});

Deno.test("partner set-plan of an unknown partner fails with exit code 1", async () => {
  const res = await cli(
    "set-plan",
    "--partner",
    "ptr_01ARZ3NDEKTSV4RRFFQ69G5FAV",
    "--plan",
    "growth",
  );
  assert.equal(res.code, 1);
  assert.match(res.stderr, /no partner/);
});

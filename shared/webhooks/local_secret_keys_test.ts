import assert from "node:assert/strict";
import { withLocalSecretKeys } from "./local_secret_keys.ts";
import { parseSecretKeys } from "./secret_keys.ts";

async function inTempDir(fn: (file: string) => Promise<void>) {
  const dir = await Deno.makeTempDir();
  try {
    await fn(`${dir}/.local/webhook_secret_keys`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("local key: development without keys generates one, kept for the next start", async () => {
  await inTempDir(async (file) => {
    const first = await withLocalSecretKeys({ LOG_LEVEL: "warn" }, file);
    assert.equal(first.from, "local file");
    assert.equal(first.env.LOG_LEVEL, "warn");
    const { keys, problems } = parseSecretKeys(first.env.WEBHOOK_SECRET_KEYS!);
    assert.deepEqual(problems, []);
    assert.deepEqual(keys.map((k) => k.id), ["local"]);
    assert.equal((await Deno.stat(file)).mode! & 0o777, 0o600);
    const again = await withLocalSecretKeys({ HIRE_ENV: "development" }, file);
    assert.equal(again.env.WEBHOOK_SECRET_KEYS, first.env.WEBHOOK_SECRET_KEYS);
  });
});

Deno.test("local key: services starting together all get the same key", async () => {
  await inTempDir(async (file) => {
    const all = await Promise.all(
      Array.from({ length: 8 }, () => withLocalSecretKeys({}, file)),
    );
    assert.equal(new Set(all.map((r) => r.env.WEBHOOK_SECRET_KEYS)).size, 1);
    const dir = file.slice(0, file.lastIndexOf("/"));
    const left = [];
    for await (const e of Deno.readDir(dir)) left.push(e.name);
    assert.deepEqual(left, ["webhook_secret_keys"]);
  });
});

Deno.test("local key: configured keys and production are left alone, and no file is made", async () => {
  await inTempDir(async (file) => {
    const configured = { WEBHOOK_SECRET_KEYS: "a:xyz" };
    assert.deepEqual(await withLocalSecretKeys(configured, file), {
      env: configured,
      from: "environment",
    });
    const production = { HIRE_ENV: "production" };
    assert.deepEqual(await withLocalSecretKeys(production, file), {
      env: production,
      from: "environment",
    });
    await assert.rejects(Deno.stat(file), Deno.errors.NotFound);
  });
});

import assert from "node:assert/strict";
import { commonEnv, ConfigError, parseConfig } from "@hire/config";
import { z } from "zod";
import {
  formatSecretKeys,
  generateSecretKey,
  parseSecretKeys,
  secretKeysRequiredInProduction,
  webhookSecretKeysEnv,
} from "./secret_keys.ts";

const KEY_A = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="; // bytes 0..31
const KEY_B = btoa("b".repeat(32));

const schema = z.object({ ...commonEnv, ...webhookSecretKeysEnv })
  .refine(...secretKeysRequiredInProduction);

function problems(env: Record<string, string>): string[] {
  try {
    parseConfig(schema, env);
  } catch (err) {
    assert.ok(err instanceof ConfigError);
    return err.problems;
  }
  return [];
}

Deno.test("parseSecretKeys reads id:base64 pairs in order, the first to encrypt", () => {
  const { keys, problems } = parseSecretKeys(`k2026.b:${KEY_B}, k-2025_a:${KEY_A}`);
  assert.deepEqual(problems, []);
  assert.deepEqual(keys.map((k) => k.id), ["k2026.b", "k-2025_a"]);
  assert.deepEqual([...keys[1]!.bytes], Array.from({ length: 32 }, (_, i) => i));
  assert.equal(formatSecretKeys(keys), `k2026.b:${KEY_B},k-2025_a:${KEY_A}`);
});

Deno.test("parseSecretKeys names each bad entry by place and id, never its key material", () => {
  const short = btoa("x".repeat(16));
  const { keys, problems } = parseSecretKeys(
    [
      `nocolon${KEY_A}`,
      `:${KEY_A}`,
      `bad id:${KEY_A}`,
      `${"x".repeat(33)}:${KEY_A}`,
      `ok:${KEY_A}`,
      `ok:${KEY_B}`,
      `short:${short}`,
      `unpadded:${KEY_A.slice(0, -1)}`,
      `spaced:${KEY_A.slice(0, 10)} ${KEY_A.slice(10)}`,
      `urlsafe:${btoa("\xff".repeat(32)).replaceAll("/", "_")}`,
    ].join(","),
  );
  assert.deepEqual(keys.map((k) => k.id), ["ok"]);
  assert.equal(problems.length, 9, problems.join("\n"));
  assert.match(problems[0]!, /^entry 1: expected <key id>:<base64 of 32 bytes>$/);
  assert.match(problems[1]!, /^entry 2: key id must be/);
  assert.match(problems[4]!, /^entry 6: key id "ok" is listed twice$/);
  assert.match(problems[5]!, /^entry 7 \("short"\): not the base64 of 32 bytes/);
  for (const p of problems) {
    for (const material of [KEY_A, KEY_B, short, KEY_A.slice(0, 10)]) {
      assert.ok(!p.includes(material), p);
    }
  }
});

Deno.test("a generated key has 32 random bytes and formats to what parseSecretKeys reads", () => {
  const key = generateSecretKey("local");
  assert.equal(key.bytes.length, 32);
  assert.notDeepEqual(generateSecretKey("local").bytes, key.bytes);
  const { keys, problems } = parseSecretKeys(formatSecretKeys([key]));
  assert.deepEqual(problems, []);
  assert.deepEqual(keys, [key]);
});

Deno.test("WEBHOOK_SECRET_KEYS: unset or blank is no key in development", () => {
  assert.deepEqual(parseConfig(schema, {}).WEBHOOK_SECRET_KEYS, []);
  assert.deepEqual(parseConfig(schema, { WEBHOOK_SECRET_KEYS: " " }).WEBHOOK_SECRET_KEYS, []);
  const cfg = parseConfig(schema, { WEBHOOK_SECRET_KEYS: `a:${KEY_A}` });
  assert.equal(cfg.WEBHOOK_SECRET_KEYS[0]!.id, "a");
});

Deno.test("WEBHOOK_SECRET_KEYS: missing in production is a start-up error", () => {
  for (const keys of [undefined, "", "  "]) {
    const found = problems({
      HIRE_ENV: "production",
      ...(keys === undefined ? {} : { WEBHOOK_SECRET_KEYS: keys }),
    });
    assert.equal(found.length, 1, found.join("\n"));
    assert.match(found[0]!, /^WEBHOOK_SECRET_KEYS: required when HIRE_ENV=production/);
  }
  assert.equal(
    parseConfig(schema, { HIRE_ENV: "production", WEBHOOK_SECRET_KEYS: `a:${KEY_A}` })
      .WEBHOOK_SECRET_KEYS.length,
    1,
  );
});

Deno.test("WEBHOOK_SECRET_KEYS: listed beside every other problem, once", () => {
  const found = problems({ HIRE_ENV: "production", LOG_LEVEL: "loud" });
  assert.deepEqual(found.map((p) => p.split(":")[0]).sort(), ["LOG_LEVEL", "WEBHOOK_SECRET_KEYS"]);
  // Malformed: the entry's problem, not also "required".
  const malformed = problems({ HIRE_ENV: "production", WEBHOOK_SECRET_KEYS: "a:b" });
  assert.equal(malformed.length, 1, malformed.join("\n"));
  assert.match(malformed[0]!, /^WEBHOOK_SECRET_KEYS: entry 1 \("a"\): not the base64/);
  // Malformed is an error in development too.
  assert.equal(problems({ WEBHOOK_SECRET_KEYS: "a:b" }).length, 1);
});

/**
 * The development key for webhook secrets: generated once and kept in
 * `.local/webhook_secret_keys` (git-ignored), so secrets stored by one run still open after
 * a restart, and the edge and the delivery service of `deno task dev` share it. Production
 * never uses it: there a missing `WEBHOOK_SECRET_KEYS` is a start-up error.
 * @module
 */
import { formatSecretKeys, generateSecretKey } from "./secret_keys.ts";

/** The key file of a checkout. */
export const LOCAL_SECRET_KEYS_FILE =
  new URL("../../.local/webhook_secret_keys", import.meta.url).pathname;

/**
 * `env` with `WEBHOOK_SECRET_KEYS` read from the development key file (made now if there is
 * none) when `HIRE_ENV` is unset or `development` and the variable is unset; otherwise
 * `env` as it is. `from` says which.
 */
export async function withLocalSecretKeys(
  env: Record<string, string | undefined>,
  file = LOCAL_SECRET_KEYS_FILE,
): Promise<{ env: Record<string, string | undefined>; from: "environment" | "local file" }> {
  const development = env.HIRE_ENV === undefined || env.HIRE_ENV === "development";
  if (!development || env.WEBHOOK_SECRET_KEYS?.trim()) return { env, from: "environment" };
  return { env: { ...env, WEBHOOK_SECRET_KEYS: await localKeys(file) }, from: "local file" };
}

async function localKeys(file: string): Promise<string> {
  try {
    return (await Deno.readTextFile(file)).trim();
  } catch (err) {
    if (!(err instanceof Deno.errors.NotFound)) throw err;
  }
  // The edge and the delivery service start together: each writes a whole file aside and
  // links it into place, which fails for all but the first, so every process reads the
  // same key and none a half-written one.
  await Deno.mkdir(file.slice(0, file.lastIndexOf("/")), { recursive: true });
  const draft = `${file}.${crypto.randomUUID()}`;
  await Deno.writeTextFile(draft, `${formatSecretKeys([generateSecretKey("local")])}\n`, {
    mode: 0o600,
  });
  try {
    await Deno.link(draft, file);
  } catch (err) {
    if (!(err instanceof Deno.errors.AlreadyExists)) throw err;
  } finally {
    await Deno.remove(draft);
  }
  return (await Deno.readTextFile(file)).trim();
}

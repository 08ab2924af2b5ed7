/**
 * The keys that encrypt webhook signing secrets at rest, read from `WEBHOOK_SECRET_KEYS`:
 * comma-separated `<key id>:<base64 of 32 bytes>`. The first key encrypts new secrets; every
 * key listed decrypts, so a new key is added first and an old one removed only once the
 * delivery service has re-encrypted everything under it (README.md, "Secrets at rest").
 * Both the edge (which encrypts) and the delivery service (which decrypts and re-encrypts)
 * parse it with this fragment, so they agree on the format.
 * @module
 */
import { z } from "zod";

/** One key: its id, stored beside every secret it encrypts, and its 256 bits. */
export interface SecretKey {
  id: string;
  bytes: Uint8Array;
}

/** A key id: a letter or digit, then up to 31 letters, digits, `_`, `.` or `-`. */
export const SECRET_KEY_ID_FORMAT = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/;

/** AES-256: 32 bytes of key. */
const KEY_BYTES = 32;

/**
 * Parses a `WEBHOOK_SECRET_KEYS` value. Problems name an entry by its place and id, never
 * by its key material (they end up in start-up errors and logs).
 */
export function parseSecretKeys(text: string): { keys: SecretKey[]; problems: string[] } {
  const keys: SecretKey[] = [];
  const problems: string[] = [];
  const entries = text.split(",").map((e) => e.trim());
  entries.forEach((entry, i) => {
    const at = `entry ${i + 1}`;
    const colon = entry.indexOf(":");
    if (colon < 0) {
      problems.push(`${at}: expected <key id>:<base64 of 32 bytes>`);
      return;
    }
    const id = entry.slice(0, colon);
    if (!SECRET_KEY_ID_FORMAT.test(id)) {
      problems.push(`${at}: key id must be 1-32 letters, digits, "_", "." or "-"`);
      return;
    }
    if (keys.some((k) => k.id === id)) {
      problems.push(`${at}: key id "${id}" is listed twice`);
      return;
    }
    const bytes = decodeKey(entry.slice(colon + 1));
    if (!bytes) {
      problems.push(
        `${at} ("${id}"): not the base64 of 32 bytes (make one with: openssl rand -base64 32)`,
      );
      return;
    }
    keys.push({ id, bytes });
  });
  return { keys, problems };
}

/** Writes keys as `WEBHOOK_SECRET_KEYS` holds them. */
export function formatSecretKeys(keys: readonly SecretKey[]): string {
  return keys.map((k) => `${k.id}:${btoa(String.fromCharCode(...k.bytes))}`).join(",");
}

/** A new random key with this id. */
export function generateSecretKey(id: string): SecretKey {
  return { id, bytes: crypto.getRandomValues(new Uint8Array(KEY_BYTES)) };
}

function decodeKey(text: string): Uint8Array | undefined {
  // atob would accept whitespace inside and unpadded input; the value is a key, so only its
  // canonical spelling is.
  if (!/^[A-Za-z0-9+/]{43}=$/.test(text)) return undefined;
  const binary = atob(text);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return bytes.length === KEY_BYTES && btoa(binary) === text ? bytes : undefined;
}

/** Environment fragment of the keys: an empty list when unset (development only, see below). */
export const webhookSecretKeysEnv = {
  /**
   * `<key id>:<base64 of 32 bytes>[,…]`; the first encrypts, all decrypt. Required when
   * `HIRE_ENV=production`; in development `main.ts` fills it from `.local/` when unset.
   */
  WEBHOOK_SECRET_KEYS: z.string().optional().transform((text, ctx): SecretKey[] => {
    if (text === undefined || text.trim() === "") return [];
    const { keys, problems } = parseSecretKeys(text);
    for (const message of problems) ctx.addIssue({ code: "custom", message });
    return keys;
  }),
};

/**
 * `.refine(...secretKeysRequiredInProduction)` on a schema with `HIRE_ENV` and the
 * fragment above: production without keys is a start-up error. It is checked even when
 * other variables are invalid, so every problem is reported at once.
 */
export const secretKeysRequiredInProduction: [
  (cfg: { HIRE_ENV: string; WEBHOOK_SECRET_KEYS: SecretKey[] }) => boolean,
  { path: PropertyKey[]; message: string; when: (payload: z.core.ParsePayload) => boolean },
] = [
  (cfg) => cfg.HIRE_ENV !== "production" || cfg.WEBHOOK_SECRET_KEYS.length > 0,
  {
    path: ["WEBHOOK_SECRET_KEYS"],
    message: "required when HIRE_ENV=production: <key id>:<base64 of 32 bytes>[,…] " +
      "(make a key with: openssl rand -base64 32)",
    when: (payload) =>
      (payload.value as Record<string, unknown> | undefined)?.HIRE_ENV === "production" &&
      !payload.issues.some((i) => i.path?.[0] === "WEBHOOK_SECRET_KEYS"),
  },
];

/**
 * Encryption of webhook signing secrets at rest: AES-256-GCM through WebCrypto, a random
 * 96-bit IV per value, and the webhook id and slot as additional data, so a ciphertext
 * copied to another webhook, or from the previous slot to the current one, does not open.
 * Stored as `iv ‖ ciphertext ‖ tag` with the id of the key beside it.
 * @module
 */
import { Buffer } from "node:buffer";
import { createPromiseCache } from "./promise_cache.ts";
import type { SecretKey } from "./secret_keys.ts";

/** Which of a webhook's two secrets: the one that signs, or the one rotated out. */
export type SecretSlot = "current" | "previous";

/** Where a secret is stored: the additional data its ciphertext is bound to. */
export interface SecretPlace {
  webhookId: string;
  slot: SecretSlot;
}

/** A secret as stored: which key sealed it, and `iv ‖ ciphertext ‖ tag`. */
export interface SealedSecret {
  keyId: string;
  ciphertext: Uint8Array;
}

/** Why a secret could not be sealed or opened. */
export type SecretBoxFailure = "no_key" | "unknown_key" | "not_sealed" | "not_authentic";

/** A secret that could not be sealed or opened; the message says what an operator does. */
export class SecretBoxError extends Error {
  constructor(readonly reason: SecretBoxFailure, message: string) {
    super(message);
    this.name = "SecretBoxError";
  }
}

/** Seals and opens webhook secrets with the configured keys. */
export interface SecretBox {
  /** The key new secrets are sealed with; undefined when no key is configured. */
  readonly currentKeyId: string | undefined;
  /** Every configured key, the current one first. */
  readonly keyIds: readonly string[];
  seal(secret: string, place: SecretPlace): Promise<SealedSecret>;
  /** Throws {@linkcode SecretBoxError} for an unknown key or a ciphertext that is not this place's. */
  open(sealed: SealedSecret, place: SecretPlace): Promise<string>;
}

const IV_BYTES = 12;
const OPENED_CACHE_SIZE = 1024;
const TAG_BYTES = 16;
const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

/**
 * A box over `keys` (the first seals). Keys are imported into WebCrypto at first use, so
 * building one costs nothing (the API document is generated from an app that never uses it).
 */
export function createSecretBox(keys: readonly SecretKey[]): SecretBox {
  const imported = new Map<string, Promise<CryptoKey>>();
  const cryptoKey = (keyId: string, place: SecretPlace): Promise<CryptoKey> => {
    const key = keys.find((k) => k.id === keyId);
    if (!key) {
      throw new SecretBoxError(
        "unknown_key",
        `the ${place.slot} secret of webhook ${place.webhookId} is sealed with key "${keyId}", ` +
          `which WEBHOOK_SECRET_KEYS does not list (listed: ${
            keys.map((k) => k.id).join(", ") || "none"
          }); add the key back to open it`,
      );
    }
    let found = imported.get(keyId);
    if (!found) {
      found = crypto.subtle.importKey("raw", key.bytes.slice(), "AES-GCM", false, [
        "encrypt",
        "decrypt",
      ]);
      imported.set(keyId, found);
    }
    return found;
  };

  // Secrets opened, least recently used first: the dispatcher opens a webhook's secret for
  // every attempt, and a WebCrypto decrypt is a round trip through a thread pool that under
  // load took longer than the request. Only what opened is kept; a process that signs with
  // these secrets holds them in memory anyway.
  const opened = createPromiseCache<string>({ maxEntries: OPENED_CACHE_SIZE });

  return {
    currentKeyId: keys[0]?.id,
    keyIds: keys.map((k) => k.id),
    async seal(secret, place) {
      const current = keys[0];
      if (!current) {
        throw new SecretBoxError(
          "no_key",
          "no key to seal webhook secrets with: set WEBHOOK_SECRET_KEYS",
        );
      }
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const sealed = new Uint8Array(
        await crypto.subtle.encrypt(
          { name: "AES-GCM", iv, additionalData: additionalData(place) },
          await cryptoKey(current.id, place),
          encoder.encode(secret),
        ),
      );
      const ciphertext = new Uint8Array(IV_BYTES + sealed.length);
      ciphertext.set(iv);
      ciphertext.set(sealed, IV_BYTES);
      return { keyId: current.id, ciphertext };
    },
    open(sealed, place) {
      return opened.get(openedId(sealed, place), () => decrypt(sealed, place));
    },
  };

  async function decrypt(sealed: SealedSecret, place: SecretPlace): Promise<string> {
    const key = await cryptoKey(sealed.keyId, place);
    const notAuthentic = () =>
      new SecretBoxError(
        "not_authentic",
        `the ${place.slot} secret of webhook ${place.webhookId} does not open with key ` +
          `"${sealed.keyId}": it was sealed for another webhook or slot, or altered`,
      );
    if (sealed.ciphertext.length < IV_BYTES + TAG_BYTES) throw notAuthentic();
    try {
      const plain = await crypto.subtle.decrypt(
        {
          name: "AES-GCM",
          iv: sealed.ciphertext.slice(0, IV_BYTES),
          additionalData: additionalData(place),
        },
        key,
        sealed.ciphertext.slice(IV_BYTES),
      );
      return decoder.decode(plain);
    } catch {
      throw notAuthentic();
    }
  }
}

/** What a secret was opened from, and where: the same sealed bytes always open the same. */
function openedId(sealed: SealedSecret, place: SecretPlace): string {
  return [
    sealed.keyId,
    place.webhookId,
    place.slot,
    Buffer.from(sealed.ciphertext).toString("base64"),
  ]
    .join("\n");
}

// A label of its own keeps these ciphertexts from ever opening as anything else's, should
// the keys be shared; JSON keeps the parts apart whatever they hold.
function additionalData(place: SecretPlace): Uint8Array<ArrayBuffer> {
  return encoder.encode(JSON.stringify(["hire.webhook-secret.v1", place.webhookId, place.slot]));
}

/**
 * A webhook's two secrets as its row stores them, sealed by {@linkcode SecretBox}: opening
 * the ones that sign a delivery, and sealing them afresh under the current key (the
 * background re-encryption, and rows from before encryption that still hold plaintext).
 * @module
 */
import { signingSecrets } from "./registration.ts";
import {
  type SealedSecret,
  type SecretBox,
  SecretBoxError,
  type SecretSlot,
} from "./secret_box.ts";

/** The sealed secret columns of `webhooks`. */
export interface SealedSecretColumns {
  /** `iv ‖ ciphertext ‖ tag`; null only in a row not yet encrypted. */
  secret_ciphertext: Uint8Array | null;
  secret_key_id: string | null;
  previous_secret_ciphertext: Uint8Array | null;
  previous_secret_key_id: string | null;
  /** After a rotation the previous secret signs too, until this time; then it is cleared. */
  previous_secret_until: Date | null;
}

/**
 * The same with the plaintext columns of rows written before secrets were encrypted
 * (migration 0009): the delivery service seals those at its first start and empties them.
 */
export interface StoredSecretColumns extends SealedSecretColumns {
  secret: string | null;
  previous_secret: string | null;
}

/** The sealed secret in `slot` of a row, if any. */
export function sealedIn(row: SealedSecretColumns, slot: SecretSlot): SealedSecret | undefined {
  const [ciphertext, keyId] = slot === "current"
    ? [row.secret_ciphertext, row.secret_key_id]
    : [row.previous_secret_ciphertext, row.previous_secret_key_id];
  return ciphertext && keyId ? { ciphertext, keyId } : undefined;
}

/**
 * The secrets a delivery made at `now` is signed with, opened: the current one first, the
 * previous one during its overlap. Only those are opened, so a previous secret whose
 * overlap is over signs nothing and needs no key.
 */
export function openSigningSecrets(
  row: SealedSecretColumns & { webhook_id: string },
  opts: { box: SecretBox; now?: Date },
): Promise<string[]> {
  const slots = signingSecrets<SecretSlot>({
    secret: "current",
    previous_secret: row.previous_secret_ciphertext ? "previous" : null,
    previous_secret_until: row.previous_secret_until,
  }, opts.now);
  return Promise.all(slots.map(async (slot) => {
    const place = { webhookId: row.webhook_id, slot };
    const sealed = sealedIn(row, slot);
    if (!sealed) {
      throw new SecretBoxError(
        "not_sealed",
        `the ${slot} secret of webhook ${row.webhook_id} is not encrypted yet: the delivery ` +
          "service encrypts it at start",
      );
    }
    return await opts.box.open(sealed, place);
  }));
}

/** The plaintext in `slot` of a stored row (opened, or as a row from before 0009 holds it). */
export async function openStoredSecret(
  row: StoredSecretColumns & { id: string },
  opts: { box: SecretBox; slot: SecretSlot },
): Promise<string | undefined> {
  const plaintext = opts.slot === "current" ? row.secret : row.previous_secret;
  if (plaintext !== null) return plaintext;
  const sealed = sealedIn(row, opts.slot);
  return sealed && await opts.box.open(sealed, { webhookId: row.id, slot: opts.slot });
}

/** The secret columns a row gets when its secrets are sealed afresh. */
export interface ResealedSecrets {
  secret_ciphertext: Uint8Array;
  secret_key_id: string;
  previous_secret_ciphertext: Uint8Array | null;
  previous_secret_key_id: string | null;
}

/**
 * Both secrets of a row sealed under the box's current key: those under an older key, and
 * plaintext ones. Throws {@linkcode SecretBoxError} when one does not open.
 */
export async function resealStoredSecrets(
  row: StoredSecretColumns & { id: string },
  box: SecretBox,
): Promise<ResealedSecrets> {
  const [current, previous] = await Promise.all(
    (["current", "previous"] as const).map((slot) => openStoredSecret(row, { box, slot })),
  );
  if (current === undefined) {
    throw new SecretBoxError("not_sealed", `webhook ${row.id} has no current secret`);
  }
  const sealedCurrent = await box.seal(current, { webhookId: row.id, slot: "current" });
  const sealedPrevious = previous === undefined
    ? undefined
    : await box.seal(previous, { webhookId: row.id, slot: "previous" });
  return {
    secret_ciphertext: sealedCurrent.ciphertext,
    secret_key_id: sealedCurrent.keyId,
    previous_secret_ciphertext: sealedPrevious?.ciphertext ?? null,
    previous_secret_key_id: sealedPrevious?.keyId ?? null,
  };
}

/**
 * Qdrant point ids for our `<prefix>_<ulid>` ids. Qdrant accepts only unsigned integers and
 * UUIDs; a ULID is 128 bits, exactly a UUID's width, so the mapping is a lossless re-encoding
 * of the same bits (no hashing, no collisions, and reversible).
 * @module
 */
import { ulidToUUID, uuidToULID } from "ulid";

// Only the canonical upper-case form (what `@hire/ids` issues) is accepted: were lower case
// decoded too, as the ulid package allows, two distinct id strings could share a point.
// The first character is at most 7 because 26 characters carry 130 bits and a ULID has 128.
const CANONICAL_ULID = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The UUID (lower case, hyphenated, as Qdrant prints it) with the same 128 bits as a ULID. */
export function ulidToUuid(ulid: string): string {
  if (!CANONICAL_ULID.test(ulid)) throw new Error(`not a canonical ULID: ${JSON.stringify(ulid)}`);
  return ulidToUUID(ulid).toLowerCase();
}

/** The inverse of {@link ulidToUuid}. */
export function uuidToUlid(uuid: string): string {
  if (!UUID.test(uuid)) throw new Error(`not a UUID: ${JSON.stringify(uuid)}`);
  return uuidToULID(uuid);
}

/**
 * The Qdrant point id of one of our ids, e.g. `job_01ARZ3NDEKTSV4RRFFQ69G5FAV` →
 * `01563e3a-b5d3-d676-4c61-efb99302bd5b`. The prefix is dropped: jobs and seekers live in
 * separate collections, and the original id is kept in the point's payload.
 */
export function pointIdOf(id: string): string {
  const sep = id.lastIndexOf("_");
  if (sep < 1) throw new Error(`not a <prefix>_<ulid> id: ${JSON.stringify(id)}`);
  return ulidToUuid(id.slice(sep + 1));
}

/**
 * Job seekers: the contract of topic `seekers.v1` (schema, encode/decode, key rule, the
 * text that gets embedded) and a deterministic generator of realistic Saudi seekers with
 * the occupation catalogue it draws from.
 * @module
 */
export * from "./contract.ts";
export { SEEKER_CITIES, type WeightedCity } from "./city_weights.ts";
export type { Occupation, OccupationText } from "./occupation.ts";
export { occupationByKey, OCCUPATIONS } from "./occupations.ts";
export { createRandom, mulberry32, type Random } from "./prng.ts";
export {
  ARABIC_SHARE,
  generateLabelledSeekers,
  generateSeekers,
  type LabelledSeeker,
  syntheticSeekers,
} from "./synthetic.ts";
export {
  type BatchOptions,
  batchPublisher,
  type ImportDeps,
  importSeekers,
  type ImportSummary,
  issuesToLineErrors,
  type LineError,
  type LineErrors,
  type Publish,
  publishSeekers,
} from "./import.ts";
export { type JsonLine, MAX_LINE_CHARS, readJsonLines } from "./jsonl.ts";
export type { Language } from "./writing.ts";

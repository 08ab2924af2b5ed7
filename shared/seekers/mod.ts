/**
 * Job seekers: the contract of topic `seekers.v1` (schema, encode/decode, key rule, the
 * text that gets embedded) and the import of JSON Lines files that `deno task seekers`
 * ships. Synthetic seekers for tests and benchmarks are in `@hire/fixtures`.
 * @module
 */
export * from "./contract.ts";
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
} from "./import.ts";
export { type JsonLine, MAX_LINE_CHARS, readJsonLines } from "./jsonl.ts";

/**
 * The vocabulary as it ships: every sector's file, and its version. Bump the version with
 * every change to the data or to how it is read (recognition, seniority, the concept
 * space): vectors made with another version are in another embedding space and are
 * re-embedded by `deno task reindex` (docs/matching.md).
 * @module
 */
import { ADMINISTRATION_VOCABULARY } from "./vocabulary/administration.ts";
import { EDUCATION_VOCABULARY } from "./vocabulary/education.ts";
import { ENGINEERING_VOCABULARY } from "./vocabulary/engineering.ts";
import { FINANCE_VOCABULARY } from "./vocabulary/finance.ts";
import { HEALTH_VOCABULARY } from "./vocabulary/health.ts";
import { HOSPITALITY_VOCABULARY } from "./vocabulary/hospitality.ts";
import { IT_VOCABULARY } from "./vocabulary/it.ts";
import { LOGISTICS_VOCABULARY } from "./vocabulary/logistics.ts";
import { RETAIL_VOCABULARY } from "./vocabulary/retail.ts";
import { TRADES_VOCABULARY } from "./vocabulary/trades.ts";
import type { SectorVocabulary } from "./vocabulary/types.ts";

/** Version of the vocabulary and of the reading of it; part of the embedding space's name. */
export const VOCABULARY_VERSION = "2026.11.1";

/** Every sector, in a fixed order. */
export const VOCABULARY: readonly SectorVocabulary[] = [
  HEALTH_VOCABULARY,
  EDUCATION_VOCABULARY,
  ADMINISTRATION_VOCABULARY,
  IT_VOCABULARY,
  ENGINEERING_VOCABULARY,
  TRADES_VOCABULARY,
  HOSPITALITY_VOCABULARY,
  RETAIL_VOCABULARY,
  LOGISTICS_VOCABULARY,
  FINANCE_VOCABULARY,
];

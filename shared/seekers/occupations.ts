/**
 * The catalogue of occupations the synthetic seekers are drawn from; benchmarks reuse it
 * to write jobs that should match them.
 * @module
 */
import type { Occupation } from "./occupation.ts";
import { DIGITAL_OCCUPATIONS } from "./occupations_digital.ts";
import { HEALTH_OCCUPATIONS } from "./occupations_health.ts";
import { OFFICE_OCCUPATIONS } from "./occupations_office.ts";
import { TRADES_OCCUPATIONS } from "./occupations_trades.ts";

/** Occupations common in Saudi hiring, each in English and Arabic. Keys are unique. */
export const OCCUPATIONS: readonly Occupation[] = Object.freeze([
  ...HEALTH_OCCUPATIONS,
  ...OFFICE_OCCUPATIONS,
  ...DIGITAL_OCCUPATIONS,
  ...TRADES_OCCUPATIONS,
]);

const BY_KEY = new Map(OCCUPATIONS.map((o) => [o.key, o]));

/** The occupation with this key, or undefined. */
export function occupationByKey(key: string): Occupation | undefined {
  return BY_KEY.get(key);
}

/**
 * The job domain shared by the edge and the services: fields, rules, schemas, cities,
 * and the contracts of the job topics.
 * @module
 */
export * from "./job.ts";
export * from "./rules.ts";
export * from "./schema.ts";
export * from "./commands.ts";
export * from "./events.ts";
export { JOB_OF_OTHER_PARTNER, jobOfOtherPartner } from "./ownership.ts";
export { canonicalCity, KSA_CITIES, normalizeCityKey } from "./cities.ts";
export { arabicCityName, cityFromAnyName } from "./cities_ar.ts";

/**
 * Puts `seekers` seekers into the bench database's index without sending each through the
 * model (about 94 texts/s on this machine: 100,000 would take 18 minutes): `distinct`
 * synthetic profiles are embedded by the real provider, in-process, and the rest are copies
 * of them (`variants.ts`). Rows go to `seekers` through the embedding service's own store,
 * vectors through the vector index the embedding service writes (logged in as its role), one
 * upsert each as the service does, so the HNSW graph is built as in production. The seed's
 * fingerprint is kept in the database: an unchanged seed is not done again.
 * @module
 */
import { connect, type Sql } from "@hire/db";
import { createEmbeddingProvider, type EmbeddingConfig, embeddingSpace } from "@hire/embedding";
import { generateSeekers, SEEKER_CITIES } from "@hire/fixtures";
import type { Seeker } from "@hire/seekers";
import { createVectorIndex, type VectorIndex } from "@hire/vector";
import { seekerRowText } from "@hire/embedding-service/texts.ts";
import { storeSeekers } from "../../services/embedding/seekers_store.ts";
import { step } from "../common/proc.ts";
import { VARIANT_RULE, variantSeeker } from "./variants.ts";

/** What the seed is made of; any change seeds again. */
export interface SeedSpec {
  seekers: number;
  distinct: number;
}

/** What seeding did; null figures when the database was already seeded. */
export interface SeedReport {
  fingerprint: string;
  /** The embedding space's prefix of the vector tables' names. */
  tablePrefix: string;
  alreadySeeded: boolean;
  /** Distinct profiles embedded per second by the real provider. */
  embeddingsPerSec: number | null;
  /** Seekers (rows and vectors) written per second. */
  writtenPerSec: number | null;
  seconds: number | null;
}

/** The fixtures' seed of the distinct profiles. */
const PROFILE_SEED = 1;
const EMBED_BATCH = 32;
const WRITE_BATCH = 500;

/** The seed's identity: counts, rule, profiles' seed and the embedding space. */
export function seedFingerprint(spec: SeedSpec, cfg: EmbeddingConfig): string {
  const space = embeddingSpace(cfg);
  return JSON.stringify({
    ...spec,
    rule: VARIANT_RULE,
    profiles: PROFILE_SEED,
    space: `${space.name}/${space.dimensions}`,
  });
}

/** The fingerprint a database was seeded with, if any. */
export async function storedFingerprint(sql: Sql): Promise<string | undefined> {
  const [exists] = await sql`SELECT to_regclass('bench_seed') IS NOT NULL AS yes`;
  if (!exists!.yes) return undefined;
  const [row] = await sql<{ fingerprint: string }[]>`SELECT fingerprint FROM bench_seed`;
  return row?.fingerprint;
}

async function embedProfiles(cfg: EmbeddingConfig, profiles: Seeker[]) {
  const provider = await createEmbeddingProvider(cfg);
  try {
    const vectors: Float32Array[] = [];
    const started = performance.now();
    for (let at = 0; at < profiles.length; at += EMBED_BATCH) {
      const batch = profiles.slice(at, at + EMBED_BATCH);
      vectors.push(...await provider.embed(batch.map(seekerRowText)));
      if ((at / EMBED_BATCH) % 20 === 0) step(`seed: ${vectors.length} profiles embedded`);
    }
    return { vectors, perSec: profiles.length / ((performance.now() - started) / 1000) };
  } finally {
    await provider.close();
  }
}

async function writeSeekers(
  sql: Sql,
  index: VectorIndex,
  rows: { seeker: Seeker; vector: Float32Array }[],
): Promise<void> {
  await storeSeekers(sql, rows.map((r) => r.seeker));
  await index.upsertSeekers(rows.map(({ seeker, vector }) => ({
    id: seeker.id,
    city: seeker.city,
    employmentTypes: seeker.employment_types,
    vector,
  })));
  // Embedded, as the service marks a seeker once its vector is stored; no match trigger:
  // no job waits for these seekers, and a backlog of triggers would be measured instead.
  await sql`UPDATE seekers SET embedded_hash = content_hash
            WHERE id IN ${sql(rows.map((r) => r.seeker.id))}`;
}

/**
 * Gives a database seeded before the index had blocks its blocks now, as the embedding
 * service would in the background: the benchmark measures the index as it then stays.
 */
async function fillBlocks(embeddingUrl: string, cfg: EmbeddingConfig): Promise<void> {
  const sql = connect(embeddingUrl, { max: 2, name: "bench-seed-blocks" });
  const index = createVectorIndex({ sql, ...embeddingSpace(cfg), ...cfg });
  try {
    await index.init();
    const filled = await index.fillBlocks();
    if (filled > 0) step(`seed: ${filled} vectors given their blocks`);
  } finally {
    await index.close();
    await sql.end();
  }
}

/**
 * Seeds the database at `embeddingUrl` (the embedding service's login, so the tables are
 * its own) unless `owner` says it holds this seed already. The database must be empty of
 * seekers of another seed: the caller makes it afresh then.
 */
export async function seed(
  owner: Sql,
  embeddingUrl: string,
  spec: SeedSpec,
  cfg: EmbeddingConfig,
): Promise<SeedReport> {
  const fingerprint = seedFingerprint(spec, cfg);
  const tablePrefix = embeddingSpace(cfg).prefix;
  if (await storedFingerprint(owner) === fingerprint) {
    await fillBlocks(embeddingUrl, cfg);
    return {
      fingerprint,
      tablePrefix,
      alreadySeeded: true,
      embeddingsPerSec: null,
      writtenPerSec: null,
      seconds: null,
    };
  }
  const started = performance.now();
  const profiles = generateSeekers(Math.min(spec.distinct, spec.seekers), PROFILE_SEED);
  step(`seed: embedding ${profiles.length} distinct profiles with the real provider`);
  const embedded = await embedProfiles(cfg, profiles);
  const sql = connect(embeddingUrl, { max: 2, name: "bench-seed" });
  const index = createVectorIndex({ sql, ...embeddingSpace(cfg), ...cfg });
  const writing = performance.now();
  try {
    await index.init();
    for (let at = 0; at < spec.seekers; at += WRITE_BATCH) {
      const rows = [];
      for (let i = at; i < Math.min(spec.seekers, at + WRITE_BATCH); i++) {
        rows.push(variantSeeker(profiles, embedded.vectors, i, SEEKER_CITIES));
      }
      await writeSeekers(sql, index, rows);
      if ((at / WRITE_BATCH) % 10 === 0) step(`seed: ${at + rows.length} of ${spec.seekers}`);
    }
  } finally {
    await index.close();
    await sql.end();
  }
  const writtenPerSec = spec.seekers / ((performance.now() - writing) / 1000);
  // The planner needs statistics of the new rows (this server runs without autovacuum).
  await owner`ANALYZE`;
  await owner`CREATE TABLE IF NOT EXISTS bench_seed (fingerprint text NOT NULL)`;
  await owner`DELETE FROM bench_seed`;
  await owner`INSERT INTO bench_seed VALUES (${fingerprint})`;
  return {
    fingerprint,
    tablePrefix,
    alreadySeeded: false,
    embeddingsPerSec: embedded.perSec,
    writtenPerSec,
    seconds: (performance.now() - started) / 1000,
  };
}

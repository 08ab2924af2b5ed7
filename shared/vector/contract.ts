/**
 * The contract every {@link VectorIndex} adapter passes, run by each adapter's test file
 * against its real backend. Each test gets a fresh store (a unique name prefix) and drops it.
 * @module
 */
import assert from "node:assert/strict";
import type { Hit, VectorBlocks, VectorIndex } from "./index.ts";
import {
  axis,
  decoy,
  DECOYS,
  DIMENSIONS,
  inBatches,
  job,
  MATCH_DEGREES,
  matches,
  normalize,
  outer,
  OUTERS,
  seeker,
  toward,
} from "./contract_fixtures.ts";

/** An adapter under test: an index that can also remove its tables or collections. */
export type ContractSubject = VectorIndex & { drop(): Promise<void> };

/** Builds an adapter whose store names start with `prefix` (not yet initialised). */
export type MakeSubject = (
  opts: { dimensions: number; prefix: string; blocks?: VectorBlocks },
) => Promise<ContractSubject>;

/** Options of {@link vectorIndexContract}. */
export interface ContractOptions {
  /** Registers the tests as ignored, e.g. when the backend is not configured. */
  ignore?: boolean;
}

const hitIds = (hits: Hit[]) => hits.map((h) => h.id);
const near = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 1e-5, `${what}: ${actual} is not ≈ ${expected}`);
const sameVector = (actual: Float32Array | undefined, expected: Float32Array) => {
  assert.ok(actual, "no vector");
  assert.equal(actual.length, expected.length);
  // Qdrant stores cosine vectors normalised; the contract's vectors are unit length already.
  actual.forEach((x, i) => near(x, expected[i]!, `component ${i}`));
};

/**
 * Proves a filter runs inside the nearest-neighbour query: {@link DECOYS} vectors nearer to
 * the query than the three matching ones fail it (so do {@link OUTERS} farther ones). A search
 * that took the nearest rows first and filtered them afterwards (LIMIT, or an HNSW candidate
 * list, before WHERE) would return none of the matches.
 */
async function assertFilteredInsideQuery(
  upsert: (vector: Float32Array, matching: boolean, i: number) => Promise<string>,
  search: (query: Float32Array, limit: number) => Promise<Hit[]>,
): Promise<void> {
  const others = [
    ...Array.from({ length: DECOYS }, (_, i) => decoy(i)),
    ...Array.from({ length: OUTERS }, (_, i) => outer(i)),
  ];
  await inBatches(others, (v, i) => upsert(v, false, i));
  const matching: string[] = [];
  for (const [i, v] of matches().entries()) matching.push(await upsert(v, true, i));
  const hits = await search(axis(0), MATCH_DEGREES.length);
  assert.deepEqual(hitIds(hits), matching);
  MATCH_DEGREES.forEach((deg, i) =>
    near(hits[i]!.score, Math.cos((deg * Math.PI) / 180), `score at ${deg}°`)
  );
  assert.deepEqual(
    hitIds(await search(axis(0), 10)),
    matching,
    "more room adds no filtered-out hit",
  );
  assert.deepEqual(hitIds(await search(axis(0), 1)), matching.slice(0, 1));
}

/** Toward axis 0 from a direction whose last component is negative: block 0 below. */
const LOW = normalize([0, 1, 0.5, 0, 0, 0, 0, -0.5]);
/** ... and positive: block 1. */
const HIGH = normalize([0, 0.5, 0, 1, 0, 0, 0, 0.5]);
/**
 * The contract's blocks: by the sign of the last component, no two blocks closer than 0.3.
 * The vectors near axis 0 in block 1 break that promise on purpose, so that a search that
 * keeps to its block shows it by missing them.
 */
const TEST_BLOCKS: VectorBlocks = { of: (v) => (v[7]! > 0 ? 1 : 0), maxScoreAcross: 0.3 };

/**
 * What a store with blocks answers, on one side (jobs or seekers): `blocked` was made with
 * {@link TEST_BLOCKS}, `plain` without (as an earlier release, which leaves blocks empty).
 */
async function assertBlockedSearch(
  blocked: VectorIndex,
  upsert: (ix: VectorIndex, vector: Float32Array) => Promise<string>,
  search: (ix: VectorIndex, minScore: number, limit: number) => Promise<Hit[]>,
  plain: VectorIndex,
): Promise<void> {
  const honest: string[] = [];
  for (const deg of [20, 35, 50, 65]) honest.push(await upsert(blocked, toward(deg, LOW)));
  for (const deg of [76, 80, 84]) await upsert(blocked, toward(deg, HIGH));
  const liar = await upsert(blocked, toward(10, HIGH));
  const legacy = await upsert(plain, toward(12, HIGH));

  // cos 50° ≈ 0.64 passes 0.5, cos 65° ≈ 0.42 does not.
  const everywhere = await search(plain, 0.5, 10);
  assert.deepEqual(hitIds(everywhere), [liar, legacy, ...honest.slice(0, 3)], "minScore filters");
  [10, 12, 20, 35, 50].forEach((deg, i) =>
    near(everywhere[i]!.score, Math.cos((deg * Math.PI) / 180), `score at ${deg}°`)
  );
  assert.deepEqual(
    hitIds(await search(blocked, 0.5, 10)),
    [legacy, ...honest.slice(0, 3)],
    "above the bound only the query's block is searched, and vectors without a block",
  );
  assert.deepEqual(hitIds(await search(blocked, 0.5, 2)), [legacy, honest[0]]);
  assert.deepEqual(
    hitIds(await search(blocked, 0.3, 10)),
    [liar, legacy, ...honest],
    "at the bound every block is searched",
  );
  assert.equal(await plain.fillBlocks(), 0, "an index without blocks has none to fill");
  const stopped = new AbortController();
  stopped.abort();
  assert.equal(await blocked.fillBlocks(stopped.signal), 0, "an aborted fill does nothing");
  assert.equal(await blocked.fillBlocks(), 1, "the one vector without a block");
  assert.equal(await blocked.fillBlocks(), 0);
  assert.deepEqual(
    hitIds(await search(blocked, 0.5, 10)),
    honest.slice(0, 3),
    "the filled vector is in its own block",
  );
}

/** Registers the contract's tests for one adapter; `name` prefixes each test's name. */
export function vectorIndexContract(
  name: string,
  make: MakeSubject,
  opts: ContractOptions = {},
): void {
  const test = (title: string, fn: (ix: VectorIndex, prefix: string) => Promise<void>) =>
    Deno.test({
      name: `${name}: ${title}`,
      ignore: opts.ignore ?? false,
      async fn() {
        const prefix = `vt${crypto.randomUUID().slice(0, 8)}_`;
        const ix = await make({ dimensions: DIMENSIONS, prefix });
        try {
          await ix.init();
          await fn(ix, prefix);
        } finally {
          await ix.drop();
          await ix.close();
        }
      },
    });

  test("init is idempotent and get of an unknown id is undefined", async (ix) => {
    await ix.init();
    assert.equal(await ix.getJob(job().id), undefined);
    assert.equal(await ix.getSeeker(seeker().id), undefined);
  });

  test("upsert then get returns the same payload and vector", async (ix) => {
    const j = job({ city: "Jeddah", employmentType: "contract", vector: toward(33) });
    const s = seeker({ employmentTypes: ["part_time", "internship"], vector: toward(12) });
    await ix.upsertJobs([j]);
    await ix.upsertSeekers([s]);
    const gotJob = await ix.getJob(j.id);
    const gotSeeker = await ix.getSeeker(s.id);
    assert.deepEqual({ ...gotJob, vector: undefined }, { ...j, vector: undefined });
    assert.deepEqual({ ...gotSeeker, vector: undefined }, { ...s, vector: undefined });
    sameVector(gotJob?.vector, j.vector);
    sameVector(gotSeeker?.vector, s.vector);
  });

  test("upsert of an existing id replaces its payload and vector", async (ix) => {
    const first = job({ city: "Riyadh", vector: axis(0) });
    const second = { ...first, city: "Dammam", status: "paused" as const, vector: axis(1) };
    await ix.upsertJobs([first]);
    await ix.upsertJobs([second]);
    const got = await ix.getJob(first.id);
    assert.equal(got?.city, "Dammam");
    assert.equal(got?.status, "paused");
    sameVector(got?.vector, axis(1));
    assert.deepEqual(await ix.searchJobs(axis(0), { city: "Riyadh" }, 5), []);
    const hits = await ix.searchJobs(axis(1), {}, 5);
    assert.deepEqual(hitIds(hits), [first.id]);
    near(hits[0]!.score, 1, "score of the new vector");

    const s = seeker({ employmentTypes: ["full_time", "contract"] });
    await ix.upsertSeekers([s]);
    await ix.upsertSeekers([{ ...s, employmentTypes: ["internship"] }]);
    assert.deepEqual(await ix.searchSeekers(axis(0), { employmentType: "contract" }, 5), []);
    assert.deepEqual((await ix.getSeeker(s.id))?.employmentTypes, ["internship"]);
  });

  test("a batch writes each of its entries; an id given twice keeps its last", async (ix) => {
    const [a, b] = [job({ vector: toward(20) }), job({ city: "Abha", vector: toward(40) })];
    const a2 = { ...a, city: "Tabuk", vector: toward(60) };
    await ix.upsertJobs([]);
    await ix.upsertJobs([a, b, a2]);
    assert.equal((await ix.getJob(a.id))?.city, "Tabuk");
    sameVector((await ix.getJob(a.id))?.vector, a2.vector);
    assert.equal((await ix.getJob(b.id))?.city, "Abha");
    assert.deepEqual(hitIds(await ix.searchJobs(axis(0), {}, 5)), [b.id, a.id]);

    const [s1, s2] = [seeker({ vector: toward(30) }), seeker({ vector: toward(10) })];
    const s1Later = { ...s1, employmentTypes: ["internship" as const] };
    await ix.upsertSeekers([]);
    await ix.upsertSeekers([s1, s2, s1Later]);
    assert.deepEqual((await ix.getSeeker(s1.id))?.employmentTypes, ["internship"]);
    assert.deepEqual(hitIds(await ix.searchSeekers(axis(0), {}, 5)), [s2.id, s1.id]);
  });

  test("a batch with one vector of another dimension writes none of it", async (ix) => {
    const good = job();
    const short = new Float32Array(DIMENSIONS - 1).fill(0.5);
    await assert.rejects(ix.upsertJobs([good, job({ vector: short })]), /dimension/);
    assert.equal(await ix.getJob(good.id), undefined);
    const s = seeker();
    await assert.rejects(ix.upsertSeekers([s, seeker({ vector: short })]), /dimension/);
    assert.equal(await ix.getSeeker(s.id), undefined);
  });

  test("setJobStatus changes what a status filter finds; unknown ids are a no-op", async (ix) => {
    const j = job({ status: "active" });
    await ix.upsertJobs([j]);
    assert.deepEqual(hitIds(await ix.searchJobs(axis(0), { status: "active" }, 5)), [j.id]);
    await ix.setJobStatus(j.id, "paused");
    assert.deepEqual(await ix.searchJobs(axis(0), { status: "active" }, 5), []);
    assert.deepEqual(hitIds(await ix.searchJobs(axis(0), { status: "paused" }, 5)), [j.id]);
    assert.equal((await ix.getJob(j.id))?.status, "paused");
    sameVector((await ix.getJob(j.id))?.vector, j.vector);
    await ix.setJobStatus(job().id, "closed");
    assert.deepEqual(hitIds(await ix.searchJobs(axis(0), {}, 5)), [j.id]);
  });

  test("delete removes a vector from get and search; deleting again is a no-op", async (ix) => {
    const [j1, j2] = [job(), job({ vector: toward(10) })];
    const [s1, s2] = [seeker(), seeker({ vector: toward(10) })];
    await ix.upsertJobs([j1, j2]);
    await ix.upsertSeekers([s1, s2]);
    await ix.deleteJob(j1.id);
    await ix.deleteSeeker(s1.id);
    assert.equal(await ix.getJob(j1.id), undefined);
    assert.equal(await ix.getSeeker(s1.id), undefined);
    assert.deepEqual(hitIds(await ix.searchJobs(axis(0), {}, 5)), [j2.id]);
    assert.deepEqual(hitIds(await ix.searchSeekers(axis(0), {}, 5)), [s2.id]);
    await ix.deleteJob(j1.id);
    await ix.deleteSeeker(s1.id);
  });

  test("search returns the nearest first with score cos(angle), up to limit", async (ix) => {
    const degrees = [50, 10, 70, 30]; // inserted out of order on purpose
    const jobs = degrees.map((d) => job({ vector: toward(d) }));
    const seekers = degrees.map((d) => seeker({ vector: toward(d) }));
    await ix.upsertJobs(jobs);
    await ix.upsertSeekers(seekers);
    const order = [1, 3, 0, 2]; // indexes of 10°, 30°, 50°, 70°
    const jobHits = await ix.searchJobs(axis(0), {}, 10);
    const seekerHits = await ix.searchSeekers(axis(0), {}, 10);
    assert.deepEqual(hitIds(jobHits), order.map((i) => jobs[i]!.id));
    assert.deepEqual(hitIds(seekerHits), order.map((i) => seekers[i]!.id));
    for (const [k, i] of order.entries()) {
      near(jobHits[k]!.score, Math.cos((degrees[i]! * Math.PI) / 180), `job at ${degrees[i]}°`);
      near(seekerHits[k]!.score, Math.cos((degrees[i]! * Math.PI) / 180), `seeker ${degrees[i]}°`);
    }
    assert.deepEqual(hitIds(await ix.searchJobs(axis(0), {}, 2)), hitIds(jobHits).slice(0, 2));
    assert.deepEqual(await ix.searchSeekers(axis(0), {}, 0), []);
  });

  test("scores lie in [0, 1]: identical ≈ 1, orthogonal and opposite 0", async (ix) => {
    const same = seeker({ vector: axis(0) });
    const orthogonal = seeker({ vector: axis(3) });
    const opposite = seeker({ vector: axis(0, -1) });
    await ix.upsertSeekers([same, orthogonal, opposite]);
    const hits = await ix.searchSeekers(axis(0), {}, 10);
    assert.equal(hits[0]!.id, same.id);
    near(hits[0]!.score, 1, "identical");
    const byId = new Map(hits.map((h) => [h.id, h.score]));
    near(byId.get(orthogonal.id)!, 0, "orthogonal");
    assert.equal(byId.get(opposite.id), 0);
    for (const h of hits) assert.ok(h.score >= 0 && h.score <= 1, `score ${h.score}`);
  });

  test("searches of an empty store and filters nothing passes return []", async (ix) => {
    assert.deepEqual(await ix.searchJobs(axis(0), {}, 5), []);
    assert.deepEqual(await ix.searchSeekers(axis(0), {}, 5), []);
    await ix.upsertJobs([job()]);
    await ix.upsertSeekers([seeker()]);
    assert.deepEqual(await ix.searchJobs(axis(0), { city: "Tabuk" }, 5), []);
    assert.deepEqual(await ix.searchJobs(axis(0), { employmentTypes: [] }, 5), []);
    assert.deepEqual(await ix.searchSeekers(axis(0), { employmentType: "internship" }, 5), []);
  });

  test("vectors of another dimension are rejected on upsert and search", async (ix) => {
    const short = new Float32Array(DIMENSIONS - 1).fill(0.5);
    await assert.rejects(ix.upsertJobs([job({ vector: short })]), /dimension/);
    await assert.rejects(ix.upsertSeekers([seeker({ vector: short })]), /dimension/);
    await assert.rejects(ix.searchJobs(short, {}, 5), /dimension/);
    await assert.rejects(ix.searchSeekers(short, {}, 5), /dimension/);
    assert.deepEqual(await ix.searchJobs(axis(0), {}, 5), []);
  });

  test("init over a store of another dimension fails and says so", async (_ix, prefix) => {
    const other = await make({ dimensions: DIMENSIONS * 2, prefix });
    try {
      await assert.rejects(other.init(), /dimension/);
    } finally {
      await other.close();
    }
  });

  const withBlocks = (
    title: string,
    check: (blocked: VectorIndex, ix: VectorIndex) => Promise<void>,
  ) =>
    test(title, async (ix, prefix) => {
      const blocked = await make({ dimensions: DIMENSIONS, prefix, blocks: TEST_BLOCKS });
      try {
        await blocked.init();
        await check(blocked, ix);
      } finally {
        await blocked.close();
      }
    });

  withBlocks(
    "seekers: a search above the blocks' bound keeps to the query's block",
    (blocked, ix) =>
      assertBlockedSearch(
        blocked,
        async (on, vector) => {
          const s = seeker({ vector });
          await on.upsertSeekers([s]);
          return s.id;
        },
        (on, minScore, limit) => on.searchSeekers(axis(0), { city: "Riyadh", minScore }, limit),
        ix,
      ),
  );

  withBlocks(
    "seekers for a stored job: the same answers as a search with the job's vector",
    (blocked, ix) => {
      const query = job({ vector: axis(0) });
      return assertBlockedSearch(
        blocked,
        async (on, vector) => {
          const s = seeker({ vector });
          await on.upsertSeekers([s]);
          return s.id;
        },
        async (on, minScore, limit) => {
          // Stored with its block by the index that has blocks; searched by either.
          await blocked.upsertJobs([query]);
          return await on.searchSeekersForJob(query.id, { city: "Riyadh", minScore }, limit);
        },
        ix,
      );
    },
  );

  withBlocks(
    "seekers for a stored job: a job stored without a block, or without a vector",
    async (blocked, ix) => {
      const seekers = [toward(20, LOW), toward(35, LOW), toward(80, HIGH), toward(10, HIGH)]
        .map((vector) => seeker({ vector }));
      await blocked.upsertSeekers(seekers);
      const legacy = job({ vector: axis(0) });
      await ix.upsertJobs([legacy]);
      for (const minScore of [0.5, 0.3]) {
        assert.deepEqual(
          await blocked.searchSeekersForJob(legacy.id, { minScore }, 10),
          await blocked.searchSeekers(axis(0), { minScore }, 10),
          `minScore ${minScore}: searched as with its vector`,
        );
      }
      const other = job({ vector: toward(20, LOW), city: "Abha" });
      await blocked.upsertJobs([other]);
      assert.deepEqual(
        await blocked.searchSeekersForJob(other.id, { city: "Riyadh", minScore: 0.5 }, 2),
        await blocked.searchSeekers(other.vector, { city: "Riyadh", minScore: 0.5 }, 2),
        "a job with a block: the seekers' filters, not the job's city",
      );
      assert.deepEqual(await blocked.searchSeekersForJob(job().id, { minScore: 0.5 }, 10), []);
      assert.deepEqual(await ix.searchSeekersForJob(job().id, {}, 10), [], "no vector, no hits");
      await assert.rejects(blocked.searchSeekersForJob(legacy.id, {}, -1));
    },
  );

  withBlocks(
    "jobs: a search above the blocks' bound keeps to the query's block",
    (blocked, ix) =>
      assertBlockedSearch(
        blocked,
        async (on, vector) => {
          const j = job({ vector });
          await on.upsertJobs([j]);
          return j.id;
        },
        (on, minScore, limit) => on.searchJobs(axis(0), { status: "active", minScore }, limit),
        ix,
      ),
  );

  test("seeker city filter runs inside the query", async (ix) =>
    await assertFilteredInsideQuery(
      async (vector, matching) => {
        const s = seeker({ city: matching ? "Abha" : "Riyadh", vector });
        await ix.upsertSeekers([s]);
        return s.id;
      },
      (q, limit) => ix.searchSeekers(q, { city: "Abha" }, limit),
    ));

  test("seeker employmentType filter (any element of the array) runs inside the query", async (ix) =>
    await assertFilteredInsideQuery(
      async (vector, matching) => {
        const employmentTypes = matching
          ? ["full_time" as const, "contract" as const]
          : ["full_time" as const, "part_time" as const];
        const s = seeker({ employmentTypes, vector });
        await ix.upsertSeekers([s]);
        return s.id;
      },
      (q, limit) => ix.searchSeekers(q, { employmentType: "contract" }, limit),
    ));

  test("job city filter runs inside the query", async (ix) =>
    await assertFilteredInsideQuery(
      async (vector, matching) => {
        const j = job({ city: matching ? "Abha" : "Riyadh", vector });
        await ix.upsertJobs([j]);
        return j.id;
      },
      (q, limit) => ix.searchJobs(q, { city: "Abha" }, limit),
    ));

  test("job employmentTypes filter (one of several) runs inside the query", async (ix) =>
    await assertFilteredInsideQuery(
      async (vector, matching, i) => {
        const type = matching ? (i % 2 ? "internship" : "contract") : "full_time";
        const j = job({ employmentType: type, vector });
        await ix.upsertJobs([j]);
        return j.id;
      },
      (q, limit) => ix.searchJobs(q, { employmentTypes: ["contract", "internship"] }, limit),
    ));

  test("job status filter runs inside the query", async (ix) =>
    await assertFilteredInsideQuery(
      async (vector, matching, i) => {
        const j = job({ status: matching ? "active" : i % 2 ? "paused" : "closed", vector });
        await ix.upsertJobs([j]);
        return j.id;
      },
      (q, limit) => ix.searchJobs(q, { status: "active" }, limit),
    ));

  test("job partnerId filter runs inside the query", async (ix) =>
    await assertFilteredInsideQuery(
      async (vector, matching, i) => {
        const j = job({ partnerId: matching ? "ptr_MINE" : `ptr_OTHER${i % 5}`, vector });
        await ix.upsertJobs([j]);
        return j.id;
      },
      (q, limit) => ix.searchJobs(q, { partnerId: "ptr_MINE" }, limit),
    ));

  test("job filters combine with AND inside the query", async (ix) =>
    await assertFilteredInsideQuery(
      async (vector, matching, i) => {
        // Each decoy fails exactly one of the four conditions.
        const fail = matching ? -1 : i % 4;
        const j = job({
          city: fail === 0 ? "Riyadh" : "Abha",
          employmentType: fail === 1 ? "part_time" : "contract",
          status: fail === 2 ? "closed" : "active",
          partnerId: fail === 3 ? "ptr_OTHER" : "ptr_MINE",
          vector,
        });
        await ix.upsertJobs([j]);
        return j.id;
      },
      (q, limit) =>
        ix.searchJobs(
          q,
          { city: "Abha", employmentTypes: ["contract"], status: "active", partnerId: "ptr_MINE" },
          limit,
        ),
    ));
}

import assert from "node:assert/strict";
import { QdrantClient } from "@qdrant/js-client-rest";
import { newId } from "@hire/ids";
import { vectorIndexContract } from "./contract.ts";
import { createQdrantIndex } from "./qdrant_index.ts";

// No Qdrant runs on the development machines; CI (or anyone) sets QDRANT_URL to run these.
// Ignored rather than left out, so the report shows that they exist and did not run.
const url = Deno.env.get("QDRANT_URL");
const apiKey = Deno.env.get("QDRANT_API_KEY");

vectorIndexContract(
  "qdrant",
  ({ dimensions, prefix, blocks }) => {
    const index = createQdrantIndex({
      url: url!,
      apiKey,
      dimensions,
      collectionPrefix: prefix,
      blocks,
    });
    const admin = new QdrantClient({ url: url!, apiKey, checkCompatibility: false });
    return Promise.resolve({
      ...index,
      async drop() {
        for (const name of [`${prefix}jobs`, `${prefix}seekers`]) {
          if ((await admin.collectionExists(name)).exists) await admin.deleteCollection(name);
        }
      },
    });
  },
  { ignore: !url },
);

Deno.test("a Qdrant index asks its server nothing until used, and its calls reach it through the client loaded then", async () => {
  // Not a Qdrant (none runs here): a loopback server that records what the client asks.
  const asked: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
    asked.push(`${req.method} ${new URL(req.url).pathname}`);
    return Response.json({ status: { error: "unavailable" } }, { status: 503 });
  });
  try {
    const index = createQdrantIndex({
      url: `http://127.0.0.1:${server.addr.port}`,
      dimensions: 4,
      collectionPrefix: "lazy_",
    });
    assert.deepEqual(asked, [], "creating the index asks nothing");
    await assert.rejects(index.getJob(newId("job")));
    await assert.rejects(index.getSeeker(newId("seek")));
    assert.deepEqual(asked, [
      "POST /collections/lazy_jobs/points",
      "POST /collections/lazy_seekers/points",
    ]);
    await index.close();
  } finally {
    await server.shutdown();
  }
});

import { QdrantClient } from "@qdrant/js-client-rest";
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

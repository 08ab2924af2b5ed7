import assert from "node:assert/strict";
import type { VectorBlocks } from "@hire/vector";
import { fullScanWarning, type SearchReach } from "./full_scan_warning.ts";

const blocks: VectorBlocks = { of: () => 0, maxScoreAcross: 0.415 };
const reach = (over: Partial<SearchReach>): SearchReach => ({
  backend: "pgvector",
  graph: "auto",
  blocks,
  threshold: 0.6,
  ...over,
});

Deno.test("no warning while searches keep to a block, walk a graph, or run on Qdrant", () => {
  assert.equal(fullScanWarning(reach({})), undefined, "the default: blocks, threshold above");
  assert.equal(fullScanWarning(reach({ threshold: 0.4, graph: "on" })), undefined);
  assert.equal(fullScanWarning(reach({ blocks: undefined })), undefined, "auto keeps a graph");
  assert.equal(fullScanWarning(reach({ threshold: 0.4, backend: "qdrant" })), undefined);
});

Deno.test("a threshold that lets matches cross blocks, on tables without a graph, is named", () => {
  const warning = fullScanWarning(reach({ threshold: 0.415 }));
  assert.match(warning ?? "", /MATCH_THRESHOLD 0\.415 is at or below 0\.415/);
  assert.match(warning ?? "", /PGVECTOR_GRAPH=auto .* Set PGVECTOR_GRAPH=on/);
  assert.match(
    fullScanWarning(reach({ threshold: 0.9, graph: "off", blocks: undefined })) ?? "",
    /no blocks \(EMBEDDING_BRIDGE=off\).*PGVECTOR_GRAPH=off/,
    "without blocks every search looks everywhere",
  );
});
